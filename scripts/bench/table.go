package main

import (
	"fmt"
	"runtime"
	"time"
)

// row is one line of the result table.
type row struct {
	name, rate, p50, p99, bareP99, ratio, target, met string
}

// print writes the result table to standard output as markdown.
func (b *bench) print() {
	fmt.Printf("\n%d products, %d paid sales per run, %s per scenario, %d CPUs, %s\n\n", b.o.products, b.o.sales, span(b.o), runtime.NumCPU(), time.Now().Format(time.DateOnly))
	fmt.Println("| row | requests/s | p50 | p99 | bare p99 | ratio | target | met? |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range b.rows {
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name, r.rate, r.p50, r.p99, r.bareP99, r.ratio, r.target, r.met)
	}
}

func span(o options) string {
	if o.n > 0 {
		return fmt.Sprintf("%d requests", o.n)
	}
	return o.duration.String()
}

func reportErrors(name string, results ...result) {
	for _, r := range results {
		if r.errs > 0 {
			logf("%s: %d requests failed; first: %v", name, r.errs, r.firstErr)
		}
	}
}

// errorsOnly fills the met? column of a row without a target.
func errorsOnly(errs int64) string {
	if errs > 0 {
		return fmt.Sprintf("%d errors", errs)
	}
	return "-"
}

func yesNo(ok bool, errs int64) string {
	switch {
	case errs > 0:
		return fmt.Sprintf("no (%d errors)", errs)
	case ok:
		return "yes"
	}
	return "no"
}

// ms prints a latency in milliseconds with a precision that suits its size.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 1000:
		return fmt.Sprintf("%.0f ms", v)
	}
	return fmt.Sprintf("%.2f s", v/1000)
}
