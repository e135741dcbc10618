package supplier

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The dangerous constructs of OWASP's XSS Filter Evasion Cheat Sheet, each as a description might
// carry it. Whatever the input, the output holds no element outside the allow-list, no event
// handler, no style, and no link to anything but http, https or mailto.
var xssCheatSheet = []struct{ name, in string }{
	{"basic script", `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`},
	{"polyglot", "javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/\"/+/onmouseover=1/+/[*/[]/+alert(1)//'>"},
	{"img javascript", `<IMG SRC="javascript:alert('XSS');">`},
	{"no quotes, mixed case", `<IMG SRC=JaVaScRiPt:alert('XSS')>`},
	{"grave accents", "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>"},
	{"malformed a", `<a onmouseover="alert(document.cookie)">xxs link</a>`},
	{"malformed img", `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>`},
	{"fromCharCode", `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`},
	{"onerror", `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`},
	{"onerror encoded", `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`},
	{"decimal entities", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;">x</a>`},
	{"hex entities, no semicolons", `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29">x</a>`},
	{"embedded tab", "<a href=\"jav\tascript:alert('XSS');\">x</a>"},
	{"encoded tab", `<a href="jav&#x09;ascript:alert('XSS');">x</a>`},
	{"encoded newline", `<a href="jav&#x0A;ascript:alert('XSS');">x</a>`},
	{"encoded carriage return", `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`},
	{"spaces and meta chars", `<a href=" &#14;  javascript:alert('XSS');">x</a>`},
	{"non-alpha separator", `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`},
	{"body onload junk", "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>"},
	{"extra open bracket", `<<SCRIPT>alert("XSS");//\<</SCRIPT>`},
	{"no closing tag", `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`},
	{"half-open iframe", `<iframe src=http://xss.rocks/scriptlet.html <`},
	{"end title", `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`},
	{"input image", `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`},
	{"body background", `<BODY BACKGROUND="javascript:alert('XSS')">`},
	{"svg onload", `<svg/onload=alert('XSS')>`},
	{"style list image", `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`},
	{"div style url", `<DIV STYLE="background-image: url(javascript:alert('XSS'))">x</DIV>`},
	{"div expression", `<DIV STYLE="width: expression(alert('XSS'));">x</DIV>`},
	{"meta refresh", `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`},
	{"table background", `<TABLE BACKGROUND="javascript:alert('XSS')"><TR><TD BACKGROUND="javascript:alert('XSS')">x</TD></TR></TABLE>`},
	{"iframe", `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`},
	{"frameset", `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`},
	{"object", `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`},
	{"embed svg", `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`},
	{"link stylesheet", `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`},
	{"base href", `<BASE HREF="javascript:alert('XSS');//">`},
	{"data URL link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4=">x</a>`},
	{"vbscript", `<a href="vbscript:msgbox('XSS')">x</a>`},
	{"conditional comment", `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`},
	{"behavior", `<XSS STYLE="behavior: url(xss.htc);">`},
	{"br size", `<BR SIZE="&{alert('XSS')}">`},
	{"form action", `<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>`},
	{"distributor's own", `<div style="color:red" onclick="x()"><iframe width="560" src="https://www.youtube.com/embed/x"></iframe><script>document.write(1)</script><img src="https://a/b.jpg" onerror="x()"><p class="c" id="i">Texto</p></div>`},
}

var (
	openTag  = regexp.MustCompile(`<\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>`)
	attr     = regexp.MustCompile(`([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"`)
	allowed  = []string{"p", "br", "hr", "div", "span", "b", "strong", "i", "em", "u", "s", "small", "sub", "sup", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "code", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "a"}
	safeAttr = []string{"href", "rel", "target", "colspan", "rowspan"}
)

// unsafe lists what is wrong with a sanitised fragment.
func unsafe(out string) []string {
	var bad []string
	low := strings.ToLower(out)
	for _, s := range []string{"<script", "<iframe", "<frame", "<object", "<embed", "<svg", "<style", "<meta", "<link", "<base", "<img", "<input", "<form", "<body", "<xss"} {
		if strings.Contains(low, s) {
			bad = append(bad, "element "+s)
		}
	}
	for _, m := range openTag.FindAllStringSubmatch(out, -1) {
		if !slices.Contains(allowed, strings.ToLower(m[1])) {
			bad = append(bad, "element <"+m[1]+">")
		}
		rest := attr.ReplaceAllString(m[2], "")
		if strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "/")) != "" {
			bad = append(bad, "attribute text "+m[2])
		}
		for _, a := range attr.FindAllStringSubmatch(m[2], -1) {
			name, value := strings.ToLower(a[1]), strings.ToLower(strings.TrimSpace(html.UnescapeString(a[2])))
			if !slices.Contains(safeAttr, name) {
				bad = append(bad, "attribute "+name)
			}
			if name == "href" && !strings.HasPrefix(value, "https://") && !strings.HasPrefix(value, "http://") && !strings.HasPrefix(value, "mailto:") {
				bad = append(bad, "link "+value)
			}
		}
	}
	return bad
}

func TestSanitizerRemovesXSSCheatSheet(t *testing.T) {
	t.Parallel()
	for _, c := range xssCheatSheet {
		out := SanitizeHTML(c.in)
		if bad := unsafe(out); len(bad) > 0 {
			t.Errorf("%s: %q\n  -> %q\n  unsafe: %q", c.name, c.in, out, bad)
		}
		if strings.Contains(strings.ToLower(out), "alert(") && strings.Contains(out, "<a ") {
			t.Errorf("%s: a script survives in a link: %q", c.name, out)
		}
	}
	// The checker itself finds what it must.
	for _, in := range []string{`<script>x</script>`, `<p onclick="x">a</p>`, `<a href="javascript:x">a</a>`, `<p style="x">a</p>`, `<iframe src="https://a"></iframe>`} {
		if len(unsafe(in)) == 0 {
			t.Errorf("the checker misses %q", in)
		}
	}
}

func TestSanitizerKeepsTheDescription(t *testing.T) {
	t.Parallel()
	in := `<div style="font-family: Arial"><h1>Título</h1><h2 style="color:#06c">Cámara IP</h2><p>Ideal para <b>proyectos</b> y <i>comercios</i>.</p>` +
		`<ul><li>Fácil instalación</li></ul><table><tr><td colspan="2">4 MP</td></tr></table>` +
		`<a href="https://www.syscom.mx/producto/1.html">Ficha</a><a href="mailto:ventas@ejemplo.mx">Correo</a></div>`
	out := SanitizeHTML(in)
	for _, want := range []string{`<h2>Cámara IP</h2>`, `<b>proyectos</b>`, `<li>Fácil instalación</li>`, `<td colspan="2">4 MP</td>`, `href="https://www.syscom.mx/producto/1.html"`, `rel="nofollow noreferrer noopener"`, `target="_blank"`, `href="mailto:ventas@ejemplo.mx"`, "Título"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in %q", want, out)
		}
	}
	if strings.Contains(out, "<h1") || strings.Contains(out, "style") {
		t.Errorf("h1 or style kept: %q", out)
	}
	if got := PlainText(`<p>Uno &amp; <b>dos</b></p>  <script>tres()</script>`); got != "Uno & dos" {
		t.Errorf("plain text %q", got)
	}
}
