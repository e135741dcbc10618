//go:build race

package catalog

// raceDetector: the tests run with -race, which makes time and memory figures meaningless.
const raceDetector = true
