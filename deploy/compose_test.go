package deploy

import (
	"bufio"
	"context"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

// requiredEnv are the variables compose.yaml refuses to run without.
var requiredEnv = []string{"JWT_SECRET=" + strings.Repeat("x", 32), "PUBLIC_URL=https://tienda.example.mx"}

func load(t *testing.T, env []string) (*types.Project, error) {
	t.Helper()
	return loadFile(t, "compose.yaml", env)
}

// loadFile loads a compose file as `docker compose config` would.
func loadFile(t *testing.T, file string, env []string) (*types.Project, error) {
	t.Helper()
	o, err := cli.NewProjectOptions([]string{file}, cli.WithWorkingDirectory("."), cli.WithEnv(env), cli.WithName("tienda"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return o.LoadProject(ctx)
}

func TestComposeRefusesToRunWithoutItsSecrets(t *testing.T) {
	t.Parallel()
	_, err := load(t, requiredEnv[1:])
	if err == nil || !strings.Contains(err.Error(), "JWT_SECRET") {
		t.Fatalf("loading without JWT_SECRET: %v, want an error naming it", err)
	}
}

func TestComposeRunsAppReplicasBehindAProxyOnAMongoReplicaSet(t *testing.T) {
	t.Parallel()
	p, err := load(t, requiredEnv)
	if err != nil {
		t.Fatalf("deploy/compose.yaml does not load as `docker compose config` would: %v", err)
	}
	var apps, mongos []types.ServiceConfig
	var proxy *types.ServiceConfig
	for _, s := range p.Services {
		switch {
		case s.Build != nil && s.Build.Dockerfile == "deploy/Dockerfile":
			apps = append(apps, s)
		case strings.HasPrefix(s.Image, "mongo:"):
			mongos = append(mongos, s)
		case strings.HasPrefix(s.Image, "caddy:"):
			proxy = &s
		}
	}

	// Three MongoDB nodes of one replica set, each with its own volume.
	if len(mongos) != 3 {
		t.Fatalf("%d mongo services, want 3", len(mongos))
	}
	var members []string
	volumes := map[string]bool{}
	replSet := ""
	for _, m := range mongos {
		members = append(members, m.Name+":27017")
		i := slices.Index(m.Command, "--replSet")
		if i < 0 || i+1 >= len(m.Command) {
			t.Fatalf("%s runs without --replSet: %v", m.Name, m.Command)
		}
		if replSet != "" && m.Command[i+1] != replSet {
			t.Errorf("%s is in replica set %q, the others in %q", m.Name, m.Command[i+1], replSet)
		}
		replSet = m.Command[i+1]
		if m.HealthCheck == nil || len(m.HealthCheck.Test) == 0 {
			t.Errorf("%s has no health check", m.Name)
		}
		for _, v := range m.Volumes {
			if v.Target == "/data/db" {
				volumes[v.Source] = true
			}
		}
	}
	slices.Sort(members)
	if len(volumes) != 3 {
		t.Errorf("the mongo nodes keep /data/db in %d distinct volumes, want 3", len(volumes))
	}
	initiated := false
	hostRe := regexp.MustCompile(`host: '([^']+)'`)
	for _, m := range mongos {
		if m.HealthCheck == nil || !strings.Contains(strings.Join(m.HealthCheck.Test, " "), "rs.initiate") {
			continue
		}
		test := strings.Join(m.HealthCheck.Test, " ")
		var hosts []string
		for _, h := range hostRe.FindAllStringSubmatch(test, -1) {
			hosts = append(hosts, h[1])
		}
		slices.Sort(hosts)
		if !slices.Equal(hosts, members) || !strings.Contains(test, "_id: '"+replSet+"'") {
			t.Errorf("%s initiates replica set with members %v, want %s with %v", m.Name, hosts, replSet, members)
		}
		initiated = true
	}
	if !initiated {
		t.Error("no mongo health check initiates the replica set")
	}

	// At least two replicas of the app, on the replica set, healthy before the proxy sends them traffic.
	replicas := 0
	for _, a := range apps {
		n := 1
		if a.Deploy != nil && a.Deploy.Replicas != nil {
			n = *a.Deploy.Replicas
		}
		replicas += n
		uri := a.Environment["MONGODB_URI"]
		if uri == nil {
			t.Fatalf("%s has no MONGODB_URI: it would start the embedded store", a.Name)
		}
		u, err := url.Parse(*uri)
		if err != nil || u.Scheme != "mongodb" {
			t.Fatalf("%s: MONGODB_URI %q is not a mongodb:// URI", a.Name, *uri)
		}
		hosts := strings.Split(u.Host, ",")
		slices.Sort(hosts)
		if !slices.Equal(hosts, members) || u.Query().Get("replicaSet") != replSet {
			t.Errorf("%s: MONGODB_URI %q, want hosts %v and replicaSet=%s", a.Name, *uri, members, replSet)
		}
		if v := a.Environment["JWT_SECRET"]; v == nil || *v == "" {
			t.Errorf("%s has no JWT_SECRET: every replica must sign sessions with the same one", a.Name)
		}
		hc := a.HealthCheck
		if hc == nil || hc.Disable || len(hc.Test) < 2 || hc.Test[0] != "CMD" || !strings.Contains(strings.Join(hc.Test, " "), "/v1/health") {
			t.Errorf("%s: health check %+v, want [CMD probe .../v1/health] (the image has no shell)", a.Name, hc)
		} else if !finalImageFiles(t)[hc.Test[1]] {
			t.Errorf("%s: the health check runs %s, which the Dockerfile's final stage does not copy", a.Name, hc.Test[1])
		}
		if a.StopGracePeriod == nil || time.Duration(*a.StopGracePeriod) < 25*time.Second {
			t.Errorf("%s: stop_grace_period %v, want at least 25s (the shop drains requests for up to 20 s)", a.Name, a.StopGracePeriod)
		}
		if d, ok := a.DependsOn[mongos[0].Name]; !ok || d.Condition != types.ServiceConditionHealthy {
			if d, ok = a.DependsOn["mongo1"]; !ok || d.Condition != types.ServiceConditionHealthy {
				t.Errorf("%s does not wait for the replica set to be healthy", a.Name)
			}
		}
	}
	if replicas < 2 {
		t.Fatalf("%d app replicas, want at least 2", replicas)
	}

	// A reverse proxy on 80 and 443 in front of every app service, and only them.
	if proxy == nil {
		t.Fatal("no reverse proxy (caddy) service")
	}
	ports := map[uint32]bool{}
	for _, pt := range proxy.Ports {
		ports[pt.Target] = true
	}
	if !ports[80] || !ports[443] {
		t.Errorf("the proxy publishes %v, want 80 and 443", proxy.Ports)
	}
	var want []string
	for _, a := range apps {
		want = append(want, a.Name+":8080")
		if d, ok := proxy.DependsOn[a.Name]; !ok || d.Condition != types.ServiceConditionHealthy {
			t.Errorf("the proxy does not wait for %s to be healthy", a.Name)
		}
	}
	slices.Sort(want)
	if got := caddyUpstreams(t, "Caddyfile.replicas"); !slices.Equal(got, want) {
		t.Errorf("Caddyfile.replicas sends traffic to %v, want the app services %v", got, want)
	}
	if !mountsCaddyfile(proxy, "Caddyfile.replicas") {
		t.Errorf("the proxy does not mount Caddyfile.replicas: %+v", proxy.Volumes)
	}
}

// caddyUpstreams lists the addresses on the reverse_proxy line of a Caddyfile.
func caddyUpstreams(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		if len(f) > 1 && f[0] == "reverse_proxy" {
			ups := slices.DeleteFunc(f[1:], func(s string) bool { return s == "{" })
			slices.Sort(ups)
			return ups
		}
	}
	t.Fatalf("%s has no reverse_proxy line", file)
	return nil
}

// dockerfileStages splits the Dockerfile into its stages' instructions (continuation lines joined).
func dockerfileStages(t *testing.T) [][]string {
	t.Helper()
	f, err := os.Open("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stages [][]string
	cur := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if cur == "" && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if s, ok := strings.CutSuffix(line, `\`); ok {
			cur += s + " "
			continue
		}
		cur += line
		if strings.HasPrefix(strings.ToUpper(cur), "FROM ") {
			stages = append(stages, nil)
		}
		if len(stages) > 0 {
			stages[len(stages)-1] = append(stages[len(stages)-1], cur)
		}
		cur = ""
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(stages) == 0 {
		t.Fatal("Dockerfile has no FROM")
	}
	return stages
}

// finalImageFiles lists the absolute paths the final stage copies in.
func finalImageFiles(t *testing.T) map[string]bool {
	t.Helper()
	stages := dockerfileStages(t)
	files := map[string]bool{}
	for _, ins := range stages[len(stages)-1] {
		f := strings.Fields(ins)
		if len(f) < 3 || !strings.EqualFold(f[0], "COPY") {
			continue
		}
		args := slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "--") })
		dst := args[len(args)-1]
		for _, src := range args[:len(args)-1] {
			if strings.HasSuffix(dst, "/") {
				files[dst+src[strings.LastIndex(src, "/")+1:]] = true
			} else {
				files[dst] = true
			}
		}
	}
	return files
}

func TestDockerfileRunsAsNonRootAndCopiesEverythingTheBuildNeeds(t *testing.T) {
	t.Parallel()
	stages := dockerfileStages(t)
	final := stages[len(stages)-1]
	user := ""
	for _, ins := range final {
		if f := strings.Fields(ins); len(f) == 2 && strings.EqualFold(f[0], "USER") {
			user = f[1]
		}
	}
	if name, _, _ := strings.Cut(user, ":"); name == "" || name == "root" || name == "0" {
		t.Errorf("the final image runs as %q, want a non-root USER", user)
	}
	files := finalImageFiles(t)
	if !files["/tienda"] {
		t.Errorf("the final stage does not copy the shop's binary to /tienda: %v", files)
	}

	// Every directory of this module that the two binaries are built from must be copied into
	// the Go stage, or the image build fails the day a package moves.
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "../app", "./healthcheck").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var copied []string
	for _, stage := range stages {
		for _, ins := range stage {
			if f := strings.Fields(ins); len(f) == 3 && strings.EqualFold(f[0], "COPY") {
				copied = append(copied, strings.TrimSuffix(f[1], "/"))
			}
		}
	}
	for _, pkg := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(pkg, "tienda/")
		if !ok {
			continue
		}
		found := false
		for _, c := range copied {
			if rel == c || strings.HasPrefix(rel, c+"/") || (rel == "frontend" && c == "frontend/embed.go") {
				found = true
			}
		}
		if !found {
			t.Errorf("package %s is not copied into the build stage", pkg)
		}
	}
}
