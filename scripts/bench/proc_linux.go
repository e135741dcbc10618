package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// childAttrs makes the kernel send the server SIGTERM if this process dies without cleaning up
// (kill -9), so that no server is left holding the data directory.
func childAttrs() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}

// memory is a process's resident set: now and its peak, in bytes.
type memory struct{ RSS, HWM int64 }

// readMemory reads VmRSS and VmHWM from /proc/<pid>/status.
func readMemory(pid int) (memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return memory{}, fmt.Errorf("read the server's memory: %w", err)
	}
	defer func() { _ = f.Close() }() // only read: a failed read shows in sc.Err()
	var m memory
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok || (key != "VmRSS" && key != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(val), " kB"), 10, 64)
		if err != nil {
			return memory{}, fmt.Errorf("parse %s %q: %w", key, val, err)
		}
		if key == "VmRSS" {
			m.RSS = kb << 10
		} else {
			m.HWM = kb << 10
		}
	}
	return m, sc.Err()
}
