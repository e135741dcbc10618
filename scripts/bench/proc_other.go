//go:build !linux

package main

import (
	"errors"
	"syscall"
)

func childAttrs() *syscall.SysProcAttr { return nil }

// memory is a process's resident set: now and its peak, in bytes.
type memory struct{ RSS, HWM int64 }

func readMemory(int) (memory, error) {
	return memory{}, errors.New("server memory is read from /proc: Linux only")
}
