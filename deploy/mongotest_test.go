package deploy

import (
	"context"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"go.yaml.in/yaml/v3"
)

// The Go suite on MongoDB (issue 14, item 8): compose.test.yaml starts the replica set, README.md
// says the one command, and the GitHub Actions workflow runs that command. These tests tie the
// three together without Docker, so a typo in any of them fails `go tool task test`.

const (
	testComposeFile = "compose.test.yaml"
	workflowFile    = "../.github/workflows/mongodb.yml"
	readmeSection   = "### Running the tests on MongoDB"
	upCommand       = "docker compose -f deploy/" + testComposeFile + " up"
	testCommand     = "go tool task test:go"
)

// mongoForTests is what the tests need to know about compose.test.yaml's MongoDB.
type mongoForTests struct {
	replSet string   // the --replSet name
	ports   []string // each member's port on the host, in the order of the set's members
}

// loadTestCompose loads compose.test.yaml as `docker compose config` would, with no environment
// at all: it must need no .env and no secret.
func loadTestCompose(t *testing.T) *types.Project {
	t.Helper()
	o, err := cli.NewProjectOptions([]string{testComposeFile}, cli.WithWorkingDirectory("."), cli.WithEnv(nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := o.LoadProject(ctx)
	if err != nil {
		t.Fatalf("deploy/%s does not load as `docker compose config` would: %v", testComposeFile, err)
	}
	return p
}

// flagValue is the value after flag in a command ("" when absent).
func flagValue(command []string, flag string) string {
	i := slices.Index(command, flag)
	if i < 0 || i+1 >= len(command) {
		return ""
	}
	return command[i+1]
}

// testMongo checks compose.test.yaml's members and returns their replica set and ports: three
// data-bearing mongo:7 members (the topology deploy/README.md tells an owner to run), reachable
// from the host under the names they have in the set.
func testMongo(t *testing.T) mongoForTests {
	t.Helper()
	p := loadTestCompose(t)
	if p.Name == "" || p.Name == "deploy" || p.Name == "tienda" {
		// Without its own `name:`, the project would be named after the directory, like
		// compose.yaml's, and `down` or --remove-orphans there would reach the production stack.
		t.Errorf("deploy/%s is project %q, want a name of its own", testComposeFile, p.Name)
	}
	names := slices.Sorted(maps.Keys(p.Services))
	if len(names) != 3 {
		t.Fatalf("deploy/%s has services %v, want three replica set members", testComposeFile, names)
	}
	var m mongoForTests
	var initiate string
	for _, name := range names {
		s := p.Services[name]
		if s.Image != "mongo:7" && !strings.HasPrefix(s.Image, "mongo:7.") {
			t.Errorf("%s runs %q, want mongo:7", name, s.Image)
		}
		rs := flagValue(s.Command, "--replSet")
		if rs == "" || (m.replSet != "" && rs != m.replSet) {
			t.Fatalf("%s runs with --replSet %q, want one set for every member: %v", name, rs, s.Command)
		}
		m.replSet = rs
		port := flagValue(s.Command, "--port")
		if port == "" {
			port = "27017"
		}
		// On the host's network a member is reached at the port it listens on, on 127.0.0.1 only
		// (not on the machine's other interfaces).
		if s.NetworkMode != "host" {
			t.Errorf("%s has network_mode %q, want host: the members' names in the set must be what the tests reach", name, s.NetworkMode)
		}
		if ip := flagValue(s.Command, "--bind_ip"); ip != "127.0.0.1" && ip != "localhost" {
			t.Errorf("%s listens on %q, want 127.0.0.1 only: %v", name, ip, s.Command)
		}
		m.ports = append(m.ports, port)

		hc := s.HealthCheck
		if hc == nil || hc.Disable || len(hc.Test) < 2 || hc.Test[0] != "CMD" {
			t.Fatalf("%s: health check %+v, want a mongosh command", name, hc)
		}
		if hc.Test[1] != "mongosh" || flagValue(hc.Test, "--port") != port {
			t.Errorf("%s's health check does not run mongosh on its own port %s: %v", name, port, hc.Test)
		}
		script := flagValue(hc.Test, "--eval")
		checkJSSyntax(t, script)
		if strings.Contains(script, "rs.initiate(") {
			if initiate != "" {
				t.Errorf("two members initiate the set")
			}
			initiate = script
			if !strings.Contains(script, "isWritablePrimary") {
				t.Errorf("%s's health check does not wait for the set to have a PRIMARY: %s", name, script)
			}
		} else if !strings.Contains(script, "secondary") {
			t.Errorf("%s's health check does not wait for it to be SECONDARY: %s", name, script)
		}
	}
	// The health check that initiates the set names exactly the three members, each by the name
	// the host reaches it under, and no arbiter.
	hosts := regexp.MustCompile(`host: '([^']+)'`).FindAllStringSubmatch(initiate, -1)
	if initiate == "" || !strings.Contains(initiate, "_id: '"+m.replSet+"'") || len(hosts) != 3 {
		t.Fatalf("no health check initiates replica set %s with three members: %q", m.replSet, initiate)
	}
	var named []string
	for _, h := range hosts {
		host, port, _ := strings.Cut(h[1], ":")
		if host != "localhost" && host != "127.0.0.1" {
			t.Errorf("member %s is not named by a host address the tests reach", h[1])
		}
		named = append(named, port)
	}
	if !slices.Equal(slices.Sorted(slices.Values(named)), slices.Sorted(slices.Values(m.ports))) {
		t.Errorf("the set's members are on ports %v, the services listen on %v", named, m.ports)
	}
	if strings.Contains(initiate, "arbiterOnly") {
		t.Errorf("the test replica set has an arbiter: %s", initiate)
	}
	return m
}

// checkJSSyntax has Node parse the health check's script, when Node is installed (the front end
// needs it, so it usually is).
func checkJSSyntax(t *testing.T, script string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("no node on PATH: the health check's JavaScript is not parsed")
		return
	}
	f := filepath.Join(t.TempDir(), "healthcheck.js")
	if err := os.WriteFile(f, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(node, "--check", f).CombinedOutput(); err != nil {
		t.Errorf("mongo-test's health check is not valid JavaScript: %v\n%s", err, out)
	}
}

// checkURI checks that a MONGODB_URI reaches compose.test.yaml's replica set from the host: every
// member (so the driver finds a primary whichever member is one) and the set's name.
func checkURI(t *testing.T, where, uri string, m mongoForTests) {
	t.Helper()
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "mongodb" {
		t.Errorf("%s: MONGODB_URI %q is not a mongodb:// URI", where, uri)
		return
	}
	var ports []string
	for _, h := range strings.Split(u.Host, ",") {
		host, port, _ := strings.Cut(h, ":")
		if host != "localhost" && host != "127.0.0.1" {
			t.Errorf("%s: MONGODB_URI %q names host %s, want localhost", where, uri, host)
		}
		ports = append(ports, port)
	}
	if !slices.Equal(slices.Sorted(slices.Values(ports)), slices.Sorted(slices.Values(m.ports))) {
		t.Errorf("%s: MONGODB_URI %q reaches ports %v, want every member's: %v", where, uri, ports, m.ports)
	}
	if rs := u.Query().Get("replicaSet"); rs != m.replSet {
		t.Errorf("%s: MONGODB_URI %q has replicaSet=%q, want %s", where, uri, rs, m.replSet)
	}
	if u.Query().Get("directConnection") == "true" {
		t.Errorf("%s: MONGODB_URI %q connects to one member directly: an election would stop the tests", where, uri)
	}
}

var uriInCommand = regexp.MustCompile(`MONGODB_URI='([^']*)'`)

// checkOneCommand checks a text that states the one command: compose up --wait, then the Go suite
// with MONGODB_URI on that replica set.
func checkOneCommand(t *testing.T, where, text string, m mongoForTests) {
	t.Helper()
	up := strings.Index(text, upCommand)
	run := strings.Index(text, testCommand)
	if up < 0 || run < up {
		t.Errorf("%s does not say `%s ... && ... %s`", where, upCommand, testCommand)
		return
	}
	if !strings.Contains(text[up:run], "--wait") {
		t.Errorf("%s starts MongoDB without --wait: the tests would start before it has a primary", where)
	}
	found := uriInCommand.FindStringSubmatch(text[up:run])
	if found == nil {
		t.Errorf("%s sets no MONGODB_URI='...' for %s", where, testCommand)
		return
	}
	checkURI(t, where, found[1], m)
}

func TestComposeTestFileRunsTheGoSuiteOnAMongo7ReplicaSet(t *testing.T) {
	t.Parallel()
	m := testMongo(t)

	b, err := os.ReadFile(testComposeFile)
	if err != nil {
		t.Fatal(err)
	}
	checkOneCommand(t, "deploy/"+testComposeFile+"'s header", string(b), m)

	b, err = os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n"+readmeSection+"\n")
	if !ok {
		t.Fatalf("README.md has no section %q", readmeSection)
	}
	if next := strings.Index(section, "\n#"); next >= 0 {
		section = section[:next]
	}
	checkOneCommand(t, "README.md's "+readmeSection, section, m)

	// The task the command names exists.
	b, err = os.ReadFile("../Taskfile.yml")
	if err != nil {
		t.Fatal(err)
	}
	var taskfile struct {
		Tasks map[string]any `yaml:"tasks"`
	}
	if err := yaml.Unmarshal(b, &taskfile); err != nil {
		t.Fatalf("Taskfile.yml: %v", err)
	}
	if _, ok := taskfile.Tasks[strings.TrimPrefix(testCommand, "go tool task ")]; !ok {
		t.Errorf("Taskfile.yml has no task for `%s`", testCommand)
	}
}

// workflow is the part of a GitHub Actions workflow this test reads.
type workflow struct {
	On   any               `yaml:"on"` // an event, a list of events or a map of them
	Env  map[string]string `yaml:"env"`
	Jobs map[string]struct {
		Env   map[string]string `yaml:"env"`
		Steps []struct {
			Name string            `yaml:"name"`
			Uses string            `yaml:"uses"`
			With map[string]string `yaml:"with"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func TestWorkflowRunsTheGoSuiteOnTheTestReplicaSet(t *testing.T) {
	t.Parallel()
	m := testMongo(t)
	b, err := os.ReadFile(workflowFile)
	if err != nil {
		t.Fatal(err)
	}
	var w workflow
	if err := yaml.Unmarshal(b, &w); err != nil {
		t.Fatalf("%s: %v", workflowFile, err)
	}
	var events []string
	switch on := w.On.(type) {
	case string:
		events = []string{on}
	case []any:
		for _, e := range on {
			if s, ok := e.(string); ok {
				events = append(events, s)
			}
		}
	case map[string]any:
		events = slices.Collect(maps.Keys(on))
	}
	for _, ev := range []string{"push", "pull_request"} {
		if !slices.Contains(events, ev) {
			t.Errorf("%s does not run on %s: on %v", workflowFile, ev, w.On)
		}
	}
	ran := false
	for name, job := range w.Jobs {
		checkout, setupGo, up := -1, -1, -1
		for i, s := range job.Steps {
			switch {
			case strings.HasPrefix(s.Uses, "actions/checkout@"):
				checkout = i
			case strings.HasPrefix(s.Uses, "actions/setup-go@"):
				setupGo = i
				if s.With["go-version-file"] != "go.mod" {
					t.Errorf("job %s sets up Go from %q, want go-version-file: go.mod", name, s.With["go-version-file"])
				}
			case strings.Contains(s.Run, upCommand):
				up = i
				if !strings.Contains(s.Run, "--wait") {
					t.Errorf("job %s starts MongoDB without --wait: the tests would start before it has a primary", name)
				}
			case strings.Contains(s.Run, testCommand):
				ran = true
				if checkout < 0 || setupGo < 0 || up < 0 {
					t.Errorf("job %s runs %s without first actions/checkout, actions/setup-go and `%s` (their steps: %d, %d, %d)", name, testCommand, upCommand, checkout, setupGo, up)
				}
				uri := w.Env["MONGODB_URI"]
				for _, env := range []map[string]string{job.Env, s.Env} {
					if v, ok := env["MONGODB_URI"]; ok {
						uri = v
					}
				}
				checkURI(t, workflowFile+", job "+name, uri, m)
			}
		}
	}
	if !ran {
		t.Errorf("no job of %s runs %s", workflowFile, testCommand)
	}
}
