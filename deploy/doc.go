// Package deploy holds the production files (Dockerfile, compose.yaml, Caddyfile) and the test
// that checks them without a container engine: compose.yaml is loaded with the Compose
// Specification's reference loader, the same code `docker compose config` runs. compose.test.yaml
// is the MongoDB replica set the Go suite runs on in README.md's one command and in
// .github/workflows/mongodb.yml; mongotest_test.go checks that the three agree.
package deploy
