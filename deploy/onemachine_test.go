package deploy

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/types"
)

// notNeeded are the settings of ../.env.example a compose file does not pass to the shop, by file,
// each with the reason. Every other setting must be in the app's environment.
var notNeeded = map[string]map[string]string{
	"compose.yaml": {
		"PORT":                  "the image listens on 8080, the port the proxy and the health check use",
		"DATA_DIR":              "no embedded store: the replicas use MongoDB",
		"DEMO_DATA":             "production starts without demo data",
		"DEMO_VENTAS":           "demo data only",
		"MP_API_URL":            "only for tests against a fake MercadoPago",
		"FACTURAPI_URL":         "only for the fake PAC",
		"SYSCOM_URL":            "only for the fake Syscom",
		"SYSCOM_PICTURES_ALLOW": "only for the fake Syscom",
		"HOST":                  "a container listens on every interface, as it must",
		"RESPALDO_CADA":         "backups of the embedded store; MongoDB is backed up with mongodump or the provider's snapshots",
		"RESPALDO_CONSERVAR":    "backups of the embedded store",
		"RESPALDO_DIR":          "backups of the embedded store",
	},
	"compose.una-maquina.yaml": {
		"PORT":                  "the image listens on 8080, the port the proxy and the health check use",
		"DATA_DIR":              "the image sets /data, the volume",
		"MONGODB_URI":           "one machine runs the embedded store (compose.yaml is the MongoDB stack)",
		"DEMO_DATA":             "production starts without demo data",
		"DEMO_VENTAS":           "demo data only",
		"MP_API_URL":            "only for tests against a fake MercadoPago",
		"FACTURAPI_URL":         "only for the fake PAC",
		"SYSCOM_URL":            "only for the fake Syscom",
		"SYSCOM_PICTURES_ALLOW": "only for the fake Syscom",
		"HOST":                  "a container listens on every interface, as it must",
		"RESPALDO_DIR":          "the backups stay in the data volume",
	},
}

// envExampleSettings lists the variables ../.env.example names, set or commented out.
func envExampleSettings(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	re := regexp.MustCompile(`^#?\s*([A-Z][A-Z0-9_]+)=`)
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil && !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(names) < 20 {
		t.Fatalf(".env.example names %d settings: %v, too few to be read right", len(names), names)
	}
	return names
}

// appServices are the services built from the shop's Dockerfile.
func appServices(p *types.Project) []types.ServiceConfig {
	var apps []types.ServiceConfig
	for _, s := range p.Services {
		if s.Build != nil && s.Build.Dockerfile == "deploy/Dockerfile" {
			apps = append(apps, s)
		}
	}
	return apps
}

func TestComposeFilesPassEverySettingOfEnvExample(t *testing.T) {
	t.Parallel()
	settings := envExampleSettings(t)
	for file, skipped := range notNeeded {
		p, err := loadFile(t, file, requiredEnv)
		if err != nil {
			t.Fatalf("%s does not load: %v", file, err)
		}
		apps := appServices(p)
		if len(apps) == 0 {
			t.Fatalf("%s has no service built from deploy/Dockerfile", file)
		}
		for _, a := range apps {
			for _, name := range settings {
				_, passed := a.Environment[name]
				reason, listed := skipped[name]
				switch {
				case passed && listed:
					t.Errorf("%s: %s passes %s, which the test lists as not needed (%s)", file, a.Name, name, reason)
				case !passed && !listed:
					t.Errorf("%s: %s does not pass %s of .env.example: pass it, or list it in notNeeded with the reason", file, a.Name, name)
				}
			}
		}
	}
}

func TestOneMachineComposeRunsTheEmbeddedStoreBehindCaddy(t *testing.T) {
	t.Parallel()
	if _, err := loadFile(t, "compose.una-maquina.yaml", nil); err == nil || !strings.Contains(err.Error(), "PUBLIC_URL") {
		t.Errorf("loading without PUBLIC_URL: %v, want an error naming it (payment links and e-mails need it)", err)
	}
	p, err := loadFile(t, "compose.una-maquina.yaml", requiredEnv)
	if err != nil {
		t.Fatalf("compose.una-maquina.yaml does not load as `docker compose config` would: %v", err)
	}
	apps := appServices(p)
	if len(apps) != 1 {
		t.Fatalf("%d app services, want exactly 1: the embedded store admits one process", len(apps))
	}
	a := apps[0]
	if _, ok := a.Environment["MONGODB_URI"]; ok {
		t.Errorf("the app gets MONGODB_URI: one machine runs the embedded store")
	}
	if a.Deploy != nil && a.Deploy.Replicas != nil && *a.Deploy.Replicas != 1 {
		t.Errorf("%d replicas of the app, want 1", *a.Deploy.Replicas)
	}
	volume := dockerfileVolume(t)
	kept := false
	for _, v := range a.Volumes {
		if v.Target == volume && v.Type == types.VolumeTypeVolume {
			kept = true
		}
	}
	if !kept {
		t.Errorf("the app keeps %s (the Dockerfile's VOLUME, its DATA_DIR) in no named volume: %+v", volume, a.Volumes)
	}
	if a.Restart != "unless-stopped" && a.Restart != "always" {
		t.Errorf("the app restarts %q, want unless-stopped", a.Restart)
	}
	if hc := a.HealthCheck; hc == nil || !strings.Contains(strings.Join(hc.Test, " "), "/v1/health") {
		t.Errorf("the app has no health check on /v1/health: %+v", hc)
	}
	if a.StopGracePeriod == nil || time.Duration(*a.StopGracePeriod) < 25*time.Second {
		t.Errorf("stop_grace_period %v, want at least 25s", a.StopGracePeriod)
	}
	if a.Logging == nil || a.Logging.Options["max-size"] == "" {
		t.Errorf("the app's logs are not rotated: %+v", a.Logging)
	}

	var proxy *types.ServiceConfig
	for _, s := range p.Services {
		if strings.HasPrefix(s.Image, "caddy:") {
			proxy = &s
		}
	}
	if proxy == nil {
		t.Fatal("no caddy service")
	}
	ports := map[uint32]bool{}
	for _, pt := range proxy.Ports {
		ports[pt.Target] = true
	}
	if !ports[80] || !ports[443] {
		t.Errorf("the proxy publishes %v, want 80 and 443 (443 for HTTPS, 80 for the certificate's challenge)", proxy.Ports)
	}
	if !mountsCaddyfile(proxy, "Caddyfile.una-maquina") {
		t.Errorf("the proxy does not mount Caddyfile.una-maquina: %+v", proxy.Volumes)
	}
	if d, ok := proxy.DependsOn[a.Name]; !ok || d.Condition != types.ServiceConditionHealthy {
		t.Errorf("the proxy does not wait for %s to be healthy", a.Name)
	}
	// The Caddyfile names its upstream with a placeholder: compose points it at the app service,
	// systemd's machine leaves the default, the shop on this machine's port 8080.
	ups := caddyUpstreams(t, "Caddyfile.una-maquina")
	m := regexp.MustCompile(`^\{\$TIENDA_UPSTREAM:(.+)\}$`).FindStringSubmatch(strings.Join(ups, " "))
	if m == nil || m[1] != "127.0.0.1:8080" {
		t.Fatalf("Caddyfile.una-maquina proxies to %v, want {$TIENDA_UPSTREAM:127.0.0.1:8080}", ups)
	}
	if up := proxy.Environment["TIENDA_UPSTREAM"]; up == nil || *up != a.Name+":8080" {
		t.Errorf("the proxy's TIENDA_UPSTREAM is %v, want %s:8080", up, a.Name)
	}
}

// mountsCaddyfile reports whether the proxy mounts file as its Caddyfile.
func mountsCaddyfile(proxy *types.ServiceConfig, file string) bool {
	for _, v := range proxy.Volumes {
		if filepath.Base(v.Source) == file && v.Target == "/etc/caddy/Caddyfile" {
			return true
		}
	}
	return false
}

// dockerfileVolume is the final stage's VOLUME, which must be its DATA_DIR.
func dockerfileVolume(t *testing.T) string {
	t.Helper()
	stages := dockerfileStages(t)
	volume := ""
	for _, ins := range stages[len(stages)-1] {
		if f := strings.Fields(ins); len(f) == 2 && strings.EqualFold(f[0], "VOLUME") {
			volume = strings.Trim(f[1], `[]"`)
		}
	}
	if volume == "" {
		t.Fatal("the final image declares no VOLUME for its data")
	}
	return volume
}

// TestImageWritesItsDataVolumeAsNonRoot reads the Dockerfile: the final stage runs as a numeric
// non-root user, its DATA_DIR is its VOLUME, and that folder is copied in owned by that user
// before the VOLUME line, so that a new volume starts with that owner (Docker copies the image's
// folder, owner included, into an empty named volume) and the shop can write its store.
func TestImageWritesItsDataVolumeAsNonRoot(t *testing.T) {
	t.Parallel()
	stages := dockerfileStages(t)
	final := stages[len(stages)-1]
	volume := dockerfileVolume(t)
	user, dataDir, owned, volumeAt := "", "", "", -1
	for i, ins := range final {
		f := strings.Fields(ins)
		switch {
		case len(f) == 2 && strings.EqualFold(f[0], "USER"):
			user = f[1]
		case len(f) > 1 && strings.EqualFold(f[0], "ENV"):
			for _, kv := range f[1:] {
				if v, ok := strings.CutPrefix(kv, "DATA_DIR="); ok {
					dataDir = v
				}
			}
		case len(f) > 2 && strings.EqualFold(f[0], "COPY") && f[len(f)-1] == volume && volumeAt < 0:
			for _, opt := range f[1 : len(f)-1] {
				if v, ok := strings.CutPrefix(opt, "--chown="); ok {
					owned = v
				}
			}
		case len(f) == 2 && strings.EqualFold(f[0], "VOLUME"):
			volumeAt = i
		}
	}
	uid, _, _ := strings.Cut(user, ":")
	if !regexp.MustCompile(`^[1-9][0-9]*$`).MatchString(uid) {
		t.Errorf("the final stage runs as USER %q, want a numeric non-root uid (a runtime can then check it is not root)", user)
	}
	if dataDir != volume {
		t.Errorf("DATA_DIR is %q and the VOLUME %q: the store would not be kept in the volume", dataDir, volume)
	}
	ownerUID, _, _ := strings.Cut(owned, ":")
	if owned == "" || ownerUID != uid {
		t.Errorf("%s is copied in owned by %q before its VOLUME line, want the USER %q: the shop could not write a new volume", volume, owned, user)
	}
}

// TestSystemdUnitRunsTheShopAsItsOwnUserAndRestartsIt reads tienda.service.
func TestSystemdUnitRunsTheShopAsItsOwnUserAndRestartsIt(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("tienda.service")
	if err != nil {
		t.Fatal(err)
	}
	section := ""
	unit := map[string][]string{}
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			section = strings.Trim(line, "[]")
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				t.Fatalf("tienda.service: %q is not KEY=value", line)
			}
			unit[section+"."+k] = append(unit[section+"."+k], v)
		}
	}
	one := func(key string) string {
		if v := unit[key]; len(v) == 1 {
			return v[0]
		}
		t.Errorf("tienda.service: %s is %v, want exactly one value", key, unit[key])
		return ""
	}
	env := map[string]string{}
	for _, e := range unit["Service.Environment"] {
		k, v, _ := strings.Cut(e, "=")
		env[k] = v
	}

	if u := one("Service.User"); u == "" || u == "root" || u == "0" {
		t.Errorf("User=%q, want a dedicated user", u)
	}
	if r := one("Service.Restart"); r != "on-failure" && r != "always" {
		t.Errorf("Restart=%q, want on-failure", r)
	}
	if d := one("Service.StateDirectory"); env["DATA_DIR"] != "/var/lib/"+d {
		t.Errorf("DATA_DIR=%q but StateDirectory=%q: the store must be in the folder systemd gives the user", env["DATA_DIR"], d)
	}
	if one("Service.StandardOutput") != "journal" {
		t.Error("the shop's logs do not go to journald (StandardOutput=journal)")
	}
	if d, err := time.ParseDuration(one("Service.TimeoutStopSec")); err != nil || d < 25*time.Second {
		t.Errorf("TimeoutStopSec: %v %v, want at least 25s (the shop drains requests for up to 20 s)", d, err)
	}
	if one("Service.ExecStart") != "/usr/local/bin/tienda" {
		t.Errorf("ExecStart=%q, want /usr/local/bin/tienda", unit["Service.ExecStart"])
	}
	if one("Service.EnvironmentFile") == "" {
		t.Error("no EnvironmentFile: the settings have nowhere to live")
	}
	if env["HOST"] != "127.0.0.1" {
		t.Errorf("HOST=%q, want 127.0.0.1: only Caddy on this machine talks to the shop", env["HOST"])
	}
	if one("Install.WantedBy") != "multi-user.target" {
		t.Error("the unit does not start with the machine (WantedBy=multi-user.target)")
	}
}
