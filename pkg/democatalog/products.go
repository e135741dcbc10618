package democatalog

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
)

// table is the demo catalogue, one product a line:
// storefront id | admin category | brand | model | name | list price (MXN) | discount % | stock | favourite | SAT key
const table = `
22|Camaras IP y NVRs|Hikvision|DS-2CD1043G2-LIUF|Cámara IP bala 4 MP con luz híbrida y micrófono|1899|10|25|1|46171610
22|Camaras IP y NVRs|Dahua|IPC-HDW2441T-S|Cámara IP domo 4 MP WizSense IR 30 m|2150|0|18|0|46171610
22|Camaras y DVRs HD|Hikvision|DS-7208HGHI-M1|DVR 8 canales TurboHD 1080p lite|2390|15|12|1|46171619
22|Camaras y DVRs HD|Epcom|E8-TURBO-G2|Kit DVR 8 canales con 4 cámaras bala 1080p|4999|12|7|1|46171619
22|Camaras IP y NVRs|Hikvision|DS-7616NI-Q2|NVR 16 canales 4K con 2 bahías de disco|5890|0|5|0|46171619
22|Almacenamiento|Western Digital|WD40PURZ|Disco duro Purple 4 TB para videovigilancia|2299|5|30|0|43201803
22|Camaras IP y NVRs|Ezviz|C6N|Cámara Wi-Fi robotizada 1080p para interior|749|20|0|0|46171610
25|Otros|Kenwood|TK-3402U16P|Radio portátil UHF 16 canales 5 W|2590|0|20|1|43222610
25|Otros|Motorola|DEP450|Radio portátil analógico VHF 16 canales|4790|8|9|0|43222610
25|Otros|Hytera|BD506|Radio digital DMR UHF con GPS opcional|3690|0|6|0|43222610
25|Otros|Kenwood|KMC-45|Micrófono bocina para radio portátil|890|0|14|0|43222610
25|Otros|Syscom|RPT-UHF-25|Repetidor UHF 25 W para cobertura de plaza|18990|10|2|0|43222610
26|Routers|MikroTik|hAP ax2|Router Wi-Fi 6 doble banda con 5 puertos Gigabit|1890|0|22|1|43222609
26|Switches|TP-Link|TL-SG1016PE|Switch PoE+ 16 puertos Gigabit administrable|4390|10|8|0|43222612
26|Enlaces inalambricos|Ubiquiti|LBE-5AC-GEN2|Enlace punto a punto LiteBeam 5 GHz 23 dBi|1690|0|16|0|43222640
26|Redes|Ubiquiti|U6-Lite|Punto de acceso Wi-Fi 6 para techo|2790|5|11|1|43222640
26|Servidores|Dell|PowerEdge T150|Servidor torre Xeon E-2314 16 GB 2 TB|32900|0|3|0|43211501
26|Routers|TP-Link|ER605|Router VPN multi-WAN Gigabit Omada|1590|0|0|0|43222609
66523|Audio|Epcom|PRO-CEIL-6|Bocina de techo 6.5 pulgadas 30 W para voceo|690|0|40|0|52161512
66523|Video|Epcom|HDMI-EXT-120|Extensor HDMI por cable UTP hasta 120 m|1290|10|15|0|43222619
66523|Video|Hikvision|DS-D5043QE|Monitor LED 43 pulgadas 4K para videovigilancia|8990|12|4|1|43211902
66523|Audio|Yamaha|MG10XU|Mezcladora de audio 10 canales con efectos|4990|0|6|0|52161520
66523|Audio|Epcom|AMP-120W|Amplificador de voceo 120 W con entrada USB|3290|0|0|0|52161520
66630|Otros|DJI|Mini 4 Pro|Dron DJI Mini 4 Pro con control RC 2|17990|8|5|1|25132000
66630|Otros|DJI|Avata 2|Dron FPV DJI Avata 2 Fly More Combo|24990|0|3|0|25132000
66630|Otros|DJI|Mavic 3 Enterprise|Dron industrial Mavic 3E con cámara térmica opcional|89900|5|1|0|25132000
66630|Otros|Syscom|BAT-MINI4|Batería inteligente para dron Mini 4 Pro|1390|0|12|0|25132000
66630|Otros|DJI|RC-N2|Control remoto RC-N2 para drones DJI|2390|0|0|0|25132000
65747|Otros|Epcom|DISP-LED-P3|Pantalla LED P3 para exterior 96 x 96 cm|15990|0|2|0|45111616
65747|Otros|Hikvision|DS-D6043|Display de señalización digital 43 pulgadas|12990|7|3|0|45111616
65747|Otros|Epcom|TOT-32|Tótem publicitario táctil 32 pulgadas|21990|0|2|0|45111616
65747|Otros|Syscom|CAT-PROMO|Exhibidor de cámaras para punto de venta|2490|0|10|0|45111616
65747|Otros|Epcom|CONT-PERS|Contador de personas con sensor 3D|6990|10|4|0|45111616
27|Otros|Concox|GT06N|Rastreador GPS vehicular con corte de motor|1190|0|35|1|43191510
27|Otros|Teltonika|FMC920|Rastreador GPS 4G compacto para flotillas|1890|5|12|0|43191510
27|Otros|Ruptela|Trace5|Localizador GPS para motocicletas|1490|0|9|0|43191510
27|Otros|Epcom|SEM-LED|Semáforo LED para estacionamiento|2290|0|6|0|43191510
27|Otros|Concox|AT4|Localizador GPS personal con botón de pánico|1690|15|0|0|43191510
30|Energia Solar|Epcom|PL-550W|Panel solar monocristalino 550 W|3290|0|18|0|26111601
30|Energia Solar|Epcom|UPS-1000VA|No break 1000 VA 600 W con regulador|1890|10|20|1|39121011
30|Energia Solar|Victron|MPPT-100/30|Controlador de carga solar MPPT 100 V 30 A|3590|0|7|0|39121011
30|Energia Solar|Epcom|BAT-12V100|Batería de ciclo profundo 12 V 100 Ah|4290|0|10|0|26111701
30|Energia Solar|Truper|PIN-ELEC|Pinza ponchadora y probador de red profesional|590|0|25|0|27112000
32|Seguridad|Dsc|PC1616|Panel de alarma PowerSeries 6 zonas expandible|1690|0|14|0|46171619
32|Seguridad|Ajax|Hub 2 Plus|Kit de alarma inalámbrica Ajax con hub y sensores|6990|12|6|1|46171619
32|Seguridad|Dsc|LC-100-PI|Sensor de movimiento PIR cableado|290|0|60|0|46171619
32|Seguridad|Epcom|SIRENA-30W|Sirena exterior 30 W con estrobo|490|0|30|0|46171619
32|Seguridad|Nice|ROBUS-600|Motor para portón corredizo 600 kg|8990|5|4|0|46171619
37|Otros|ZKTeco|SpeedFace-V5L|Control de acceso facial y huella con Wi-Fi|5490|10|9|1|46171619
37|Otros|ZKTeco|K40|Lector de huella y proximidad para asistencia|2190|0|13|0|46171619
37|Otros|Accesspro|AP-MAG600|Chapa magnética 600 lb para puerta|890|0|20|0|46171619
37|Otros|Hikvision|DS-K1T341AMF|Terminal de reconocimiento facial MinMoe|4790|0|5|0|46171619
37|Otros|Accesspro|TARJ-100|Paquete de 100 tarjetas de proximidad 125 kHz|590|0|0|0|46171619
38|Otros|System Sensor|2WT-B|Detector de humo fotoeléctrico convencional|690|0|45|0|46191501
38|Otros|Bosch|FPD-7024|Panel de detección de incendio 24 zonas|14990|8|2|0|46191501
38|Otros|System Sensor|P2RL|Sirena estrobo para alarma de incendio|990|0|18|0|46191501
38|Otros|Honeywell|FIRE-EXT-6|Extintor PQS 6 kg con soporte|890|0|25|0|46191601
38|Otros|System Sensor|BG-12|Estación manual de emergencia|590|5|16|0|46191501
65811|Cables|Panduit|UTP-CAT6-305|Bobina de cable UTP categoría 6 de 305 m|3590|10|15|1|26121609
65811|Cables|Linkedpro|PATCH-C6-1M|Cable patch cord categoría 6 de 1 m|49|0|200|0|26121609
65811|Cables|Panduit|PAN-24P|Panel de parcheo 24 puertos categoría 6|1690|0|8|0|26121609
65811|Cables|Linkedpro|RACK-12U|Gabinete de pared 12U con ventilador|2890|0|5|0|26121609
65811|Cables|Epcom|COAX-RG59|Cable coaxial RG59 con alimentación 305 m|1990|0|0|0|26121609
65811|Accesorios|Epcom|CONECT-BNC|Paquete de 10 conectores BNC de presión|149|0|80|0|26121609
22|Accesorios|Hikvision|DS-1280ZJ-XS|Caja de conexiones para cámara bala|199|0|50|0|46171619
26|Accesorios|TP-Link|TL-POE150S|Inyector PoE Gigabit 802.3af|390|0|35|0|43222612
`

// Product is one line of the demo catalogue.
type Product struct {
	StorefrontID, Category string // the storefront card's id and the admin category
	Marca, Modelo, Nombre  string
	Price, Discount        float64 // list price in pesos, discount in percent
	Stock                  int
	Favorite               bool
	SatKey                 string
}

// Products are the demo catalogue's lines, in order (a product's index is its place here).
func Products() ([]Product, error) {
	var out []Product
	for i, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 10 {
			return nil, fmt.Errorf("demo: line %d: %d fields", i+1, len(f))
		}
		price, err1 := strconv.ParseFloat(f[5], 64)
		disc, err2 := strconv.ParseFloat(f[6], 64)
		stock, err3 := strconv.Atoi(f[7])
		if err1 != nil || err2 != nil || stock < 0 || err3 != nil {
			return nil, fmt.Errorf("demo: line %d: bad number", i+1)
		}
		out = append(out, Product{StorefrontID: f[0], Category: f[1], Marca: f[2], Modelo: f[3], Nombre: f[4],
			Price: price, Discount: disc, Stock: stock, Favorite: f[8] == "1", SatKey: f[9]})
	}
	return out, nil
}

// Slug names the i-th demo product's pictures.
func Slug(i int) string { return fmt.Sprintf("producto-%03d", i) }

// DrawingURL is the address of the i-th demo product's drawing (Drawing answers it).
func DrawingURL(i int) string { return "/v1/imagenes/demo/" + Slug(i) + ".svg" }

var drawingName = regexp.MustCompile(`^producto-(\d{3})\.svg$`)

// IsDrawing reports whether name ("producto-000.svg") names a demo drawing.
func IsDrawing(name string) bool { return drawingName.MatchString(name) }

var categoryColors = map[string][2]string{
	"22": {"#0f2a4a", "#14b8a6"}, "25": {"#1e3a8a", "#60a5fa"}, "26": {"#0b3b5c", "#22d3ee"},
	"66523": {"#3b0764", "#c084fc"}, "66630": {"#1f2937", "#f59e0b"}, "65747": {"#7c2d12", "#fb923c"},
	"27": {"#064e3b", "#34d399"}, "30": {"#713f12", "#facc15"}, "32": {"#7f1d1d", "#f87171"},
	"37": {"#312e81", "#a5b4fc"}, "38": {"#991b1b", "#fca5a5"}, "65811": {"#134e4a", "#5eead4"},
}

// Drawing is the SVG of a demo product's picture named name ("producto-000.svg"): the brand, the
// model and the category's colours; ok is false for any other name.
func Drawing(name string) (svg []byte, ok bool) {
	match := drawingName.FindStringSubmatch(name)
	if match == nil {
		return nil, false
	}
	i, _ := strconv.Atoi(match[1])
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if i >= len(lines) {
		return nil, false
	}
	f := strings.Split(lines[i], "|")
	colors, ok := categoryColors[f[0]]
	if !ok {
		colors = [2]string{"#0f2a4a", "#14b8a6"}
	}
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="%[3]s %[4]s">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%[1]s"/><stop offset="1" stop-color="%[2]s"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="165" r="92" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="200" cy="165" r="58" fill="#ffffff" fill-opacity="0.9"/>
<circle cx="200" cy="165" r="30" fill="%[1]s"/>
<circle cx="212" cy="153" r="9" fill="#ffffff" fill-opacity="0.8"/>
<text x="200" y="305" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="34" font-weight="700" fill="#ffffff">%[3]s</text>
<text x="200" y="345" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.85">%[4]s</text>
</svg>`, colors[0], colors[1], html.EscapeString(f[2]), html.EscapeString(f[3]))), true
}
