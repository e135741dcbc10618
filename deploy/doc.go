// Package deploy holds the production files and the tests that check them without a container
// engine. One machine: tienda.service (systemd) or compose.una-maquina.yaml, each behind
// Caddyfile.una-maquina. Several replicas on MongoDB: compose.yaml behind Caddyfile.replicas. The
// compose files are loaded with the Compose Specification's reference loader, the same code
// `docker compose config` runs; onemachine_test.go also checks that they pass every setting of
// .env.example, that the image writes its data volume as non-root, and the systemd unit.
// compose.test.yaml is the MongoDB replica set the Go suite runs on in README.md's one command and
// in .github/workflows/mongodb.yml; mongotest_test.go checks that the three agree.
package deploy
