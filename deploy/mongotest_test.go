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
	replSet string // the --replSet name
	port    string // the port published on the host
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

// testMongo checks compose.test.yaml's mongo-test service and returns its replica set and port.
func testMongo(t *testing.T) mongoForTests {
	t.Helper()
	p := loadTestCompose(t)
	if p.Name == "" || p.Name == "deploy" || p.Name == "tienda" {
		// Without its own `name:`, the project would be named after the directory, like
		// compose.yaml's, and `down` or --remove-orphans there would reach the production stack.
		t.Errorf("deploy/%s is project %q, want a name of its own", testComposeFile, p.Name)
	}
	s, ok := p.Services["mongo-test"]
	if !ok {
		t.Fatalf("deploy/%s has no service mongo-test: %v", testComposeFile, slices.Sorted(maps.Keys(p.Services)))
	}
	if s.Image != "mongo:7" && !strings.HasPrefix(s.Image, "mongo:7.") {
		t.Errorf("mongo-test runs %q, want mongo:7", s.Image)
	}
	i := slices.Index(s.Command, "--replSet")
	if i < 0 || i+1 >= len(s.Command) || s.Command[i+1] == "" {
		t.Fatalf("mongo-test runs without --replSet: %v", s.Command)
	}
	m := mongoForTests{replSet: s.Command[i+1]}
	if !slices.Contains(s.Command, "--bind_ip_all") {
		// mongod listens on the container's loopback only by default: the published port would
		// lead nowhere.
		t.Errorf("mongo-test runs without --bind_ip_all: %v", s.Command)
	}
	for _, pt := range s.Ports {
		if pt.Target == 27017 && pt.Published != "" {
			m.port = pt.Published
		}
	}
	if m.port == "" {
		t.Fatalf("mongo-test publishes no host port for 27017: %+v", s.Ports)
	}

	// The health check initiates the one-member set and is healthy only on a PRIMARY, which is
	// what `up --wait` waits for.
	hc := s.HealthCheck
	if hc == nil || hc.Disable || len(hc.Test) < 2 || (hc.Test[0] != "CMD" && hc.Test[0] != "CMD-SHELL") {
		t.Fatalf("mongo-test: health check %+v, want a mongosh command", hc)
	}
	test := strings.Join(hc.Test[1:], " ")
	if !strings.Contains(test, "mongosh") {
		t.Errorf("mongo-test's health check does not run mongosh (the only shell in mongo:7): %s", test)
	}
	hosts := regexp.MustCompile(`host: '([^']+)'`).FindAllStringSubmatch(test, -1)
	if !strings.Contains(test, "rs.initiate(") || !strings.Contains(test, "_id: '"+m.replSet+"'") || len(hosts) != 1 {
		t.Errorf("mongo-test's health check does not initiate replica set %s with one member: %s", m.replSet, test)
	} else if _, port, _ := strings.Cut(hosts[0][1], ":"); port != "27017" {
		t.Errorf("mongo-test's replica set member is %s, want the port mongod listens on, 27017", hosts[0][1])
	}
	if !strings.Contains(test, "isWritablePrimary") && !strings.Contains(test, "myState") {
		t.Errorf("mongo-test's health check does not wait for the node to be PRIMARY: %s", test)
	}
	if hc.Test[0] == "CMD" {
		if j := slices.Index(hc.Test, "--eval"); j > 0 && j+1 < len(hc.Test) {
			checkJSSyntax(t, hc.Test[j+1])
		}
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

// checkURI checks that a MONGODB_URI reaches compose.test.yaml's replica set from the host.
func checkURI(t *testing.T, where, uri string, m mongoForTests) {
	t.Helper()
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "mongodb" {
		t.Errorf("%s: MONGODB_URI %q is not a mongodb:// URI", where, uri)
		return
	}
	if h := u.Hostname(); (h != "localhost" && h != "127.0.0.1") || u.Port() != m.port {
		t.Errorf("%s: MONGODB_URI %q, want localhost:%s (the port compose.test.yaml publishes)", where, uri, m.port)
	}
	if rs := u.Query().Get("replicaSet"); rs != m.replSet {
		t.Errorf("%s: MONGODB_URI %q has replicaSet=%q, want %s", where, uri, rs, m.replSet)
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
