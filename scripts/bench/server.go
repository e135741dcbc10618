package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// server is one run of the shop's binary as a child process on a loopback port.
type server struct {
	bin, dataDir, logPath string
	port                  int
	cmd                   *exec.Cmd
	exited                chan struct{}
	waitErr               error
	logFile               *os.File
}

// URL is the base address of the running server.
func (s *server) URL() string { return "http://127.0.0.1:" + strconv.Itoa(s.port) }

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	// Only the port number was wanted; if the port stayed taken, the server's start says so.
	_ = ln.Close()
	return port, nil
}

// start runs the binary on the embedded store in dataDir and waits until /v1/health answers 200.
func (s *server) start(ctx context.Context, logLevel string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	s.port = port
	f, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("open the server log: %w", err)
	}
	s.logFile = f
	cmd := exec.Command(s.bin) //nolint:gosec // the shop's binary this bench built or was given with -bin: running it is the point
	cmd.Env = append(cleanEnv(),
		"MONGODB_URI=", // empty: the embedded store in DATA_DIR
		"DATA_DIR="+s.dataDir,
		"PORT="+strconv.Itoa(port),
		"DEMO_DATA=true",
		"LOG_LEVEL="+logLevel,
		"PUBLIC_URL=http://127.0.0.1:"+strconv.Itoa(port),
	)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.SysProcAttr = childAttrs()
	if err := cmd.Start(); err != nil {
		_ = f.Close() // nothing was written to it; the failed start is the error to report
		return fmt.Errorf("start %s: %w", s.bin, err)
	}
	s.cmd = cmd
	s.exited = make(chan struct{})
	go func() { s.waitErr = cmd.Wait(); close(s.exited) }()

	deadline := time.Now().Add(90 * time.Second)
	client := &http.Client{Timeout: 2 * time.Second}
	for {
		select {
		case <-s.exited:
			return fmt.Errorf("the server exited during start-up (%w); last lines of %s:\n%s", s.exitError(), s.logPath, tail(s.logPath, 15))
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		res, err := client.Get(s.URL() + "/v1/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server did not answer /v1/health within 90 s; last lines of %s:\n%s", s.logPath, tail(s.logPath, 15))
		}
	}
}

// stop sends SIGTERM and waits for a clean exit (the shop closes its store), killing it after 30 s.
func (s *server) stop() (err error) {
	if s.cmd == nil {
		return nil
	}
	defer func() {
		s.cmd = nil
		// The log was written (by the child, through its copy of this descriptor): a failed close
		// is reported, not dropped.
		if closeErr := s.logFile.Close(); closeErr != nil && err == nil {
			err = fmt.Errorf("close the server log %s: %w", s.logPath, closeErr)
		}
	}()
	select {
	case <-s.exited:
		return fmt.Errorf("the server had already exited: %w", s.exitError())
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
		if s.waitErr != nil {
			return fmt.Errorf("the server stopped with an error: %w; see %s", s.waitErr, s.logPath)
		}
		return nil
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		return errors.New("the server did not stop within 30 s of SIGTERM and was killed")
	}
}

// exitError is how the exited server ended: Wait's error, or one saying it exited with status 0.
func (s *server) exitError() error {
	if s.waitErr != nil {
		return s.waitErr
	}
	return errors.New("exit status 0")
}

// pid is the running server's process id.
func (s *server) pid() int { return s.cmd.Process.Pid }

// cleanEnv is this process's environment without the shop's settings, so that a developer's
// MONGODB_URI or DEMO_DATA never leaks into the measured server.
func cleanEnv() []string {
	drop := []string{"MONGODB_URI=", "DATA_DIR=", "PORT=", "DEMO_DATA=", "LOG_LEVEL=", "PUBLIC_URL=",
		"ADMIN_EMAIL=", "ADMIN_PASSWORD=", "JWT_SECRET=", "SENTRY_DSN=", "MP_", "SMTP_URL="}
	var out []string
next:
	for _, kv := range os.Environ() {
		for _, d := range drop {
			if strings.HasPrefix(kv, d) {
				continue next
			}
		}
		out = append(out, kv)
	}
	return out
}

// tail returns the last n lines of a file, for error messages.
func tail(path string, n int) string {
	b, err := os.ReadFile(path) //nolint:gosec // the server log in the bench's own temporary directory
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// buildBinary builds ./app into dir and returns the binary's path.
func buildBinary(ctx context.Context, dir string) (string, error) {
	out := filepath.Join(dir, "tienda")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, "./app") //nolint:gosec // out is a path in the bench's own temporary directory
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./app (run from the repository root, or pass -bin): %w", err)
	}
	return out, nil
}
