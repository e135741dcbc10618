package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"
)

// The binary's verbs: `tienda` alone serves the shop; `tienda <verb> [args]` runs one of these and
// exits. Each verb reads the same settings as the shop (config.FromProcess) and writes what a
// person reads, in Spanish, to stdout (results) and stderr (errors).

// verb is one command of the binary.
type verb struct {
	name    string
	summary string // one line for `tienda --help`
	usage   string // the verb's own help, for `tienda <verb> --help`
	run     func(args []string, stdout, stderr io.Writer) int
}

// verbs lists the binary's commands; each file that adds one registers it in an init function.
var verbs []verb

func register(v verb) { verbs = append(verbs, v) }

func init() {
	register(verb{
		name:    "version",
		summary: "Muestra la versión de la tienda.",
		usage:   "Uso: tienda version\n\nMuestra la versión de la tienda y el commit del que se compiló.",
		run: func(_ []string, stdout, _ io.Writer) int {
			sayLine(stdout, "tienda "+Version())
			return 0
		},
	})
}

// release is the shop's version; a build may set it with -ldflags "-X main.release=1.2.3".
var release = "dev"

// Version is the release and, when the binary was built from a git checkout, the commit it was
// built from (with "+cambios" when the checkout had uncommitted changes): "dev (37ab556)".
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return release
	}
	var commit, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+cambios"
			}
		}
	}
	if len(commit) > 7 {
		commit = commit[:7]
	}
	if commit == "" {
		return release
	}
	return fmt.Sprintf("%s (%s%s)", release, commit, dirty)
}

// dispatch runs the verb args name (args without the program's name); ok is false when args name
// no verb, and the shop is to be served.
func dispatch(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	if isHelp(args[0]) {
		say(stdout, "%s", helpText())
		return 0, true
	}
	i := slices.IndexFunc(verbs, func(v verb) bool { return v.name == args[0] })
	if i < 0 {
		say(stderr, "tienda: no existe la orden %q.\n\n%s", args[0], helpText())
		return 2, true
	}
	v := verbs[i]
	if len(args) > 1 && isHelp(args[1]) {
		sayLine(stdout, v.usage)
		return 0, true
	}
	return v.run(args[1:], stdout, stderr), true
}

// say writes what a verb tells the person who ran it; a terminal that cannot be written to has
// no one to tell.
func say(w io.Writer, format string, a ...any) { _, _ = fmt.Fprintf(w, format, a...) }

// sayLine is say of one line.
func sayLine(w io.Writer, line string) { say(w, "%s\n", line) }

func isHelp(arg string) bool { return arg == "--help" || arg == "-h" || arg == "ayuda" }

func helpText() string {
	var b strings.Builder
	b.WriteString("Uso: tienda [orden] [opciones]\n\n")
	b.WriteString("Sin orden, tienda atiende la tienda en línea (PORT, DATA_DIR o MONGODB_URI: ver .env.example).\n\n")
	b.WriteString("Órdenes:\n")
	sorted := slices.Clone(verbs)
	slices.SortFunc(sorted, func(a, b verb) int { return strings.Compare(a.name, b.name) })
	for _, v := range sorted {
		fmt.Fprintf(&b, "  %-10s %s\n", v.name, v.summary)
	}
	b.WriteString("\n`tienda <orden> --help` explica cada una.\n")
	return b.String()
}
