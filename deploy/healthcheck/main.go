// Command healthcheck is the container's health probe: the final image has no shell, curl or
// wget, so compose runs this instead. It exits 0 when the URL answers 200 within 3 seconds.
//
//	healthcheck http://127.0.0.1:8080/v1/health
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: healthcheck URL")
		os.Exit(2)
	}
	client := &http.Client{Timeout: 3 * time.Second}
	res, err := client.Get(os.Args[1]) //nolint:gosec // G704: the container's own /v1/health, named by compose's healthcheck; who sets it already runs the container
	if err != nil {
		fmt.Fprintln(os.Stderr, "healthcheck:", err)
		os.Exit(1)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
	if res.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "healthcheck: status", res.StatusCode)
		os.Exit(1)
	}
}
