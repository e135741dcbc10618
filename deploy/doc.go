// Package deploy holds the production files (Dockerfile, compose.yaml, Caddyfile) and the test
// that checks them without a container engine: compose.yaml is loaded with the Compose
// Specification's reference loader, the same code `docker compose config` runs.
package deploy
