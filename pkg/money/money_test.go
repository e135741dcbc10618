package money

import "testing"

func TestFromPesos(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   float64
		want Cents
	}{
		{150, 15000}, {0.1, 10}, {0.285, 29}, {1.005, 101}, {-0.285, -29}, {19.99, 1999}, {0, 0},
	}
	for _, tt := range tests {
		got, err := FromPesos(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("FromPesos(%v) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestFromPesosRejectsBadNumbers(t *testing.T) {
	t.Parallel()
	for _, in := range []float64{1e13, -1e13} {
		if _, err := FromPesos(in); err == nil {
			t.Errorf("FromPesos(%v) accepted", in)
		}
	}
}

func TestDiscounted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		price   Cents
		percent float64
		final   Cents
	}{
		{15000, 0, 15000}, {15000, 10, 13500}, {999, 15, 849}, {1, 50, 1}, {333, 33.3, 222}, {1000, 100, 0}, {1000, -5, 1000},
	}
	for _, tt := range tests {
		if got := tt.price.Discounted(tt.percent); got != tt.final {
			t.Errorf("%v.Discounted(%v) = %v, want %v", tt.price, tt.percent, got, tt.final)
		}
	}
}

func TestString(t *testing.T) {
	t.Parallel()
	tests := map[Cents]string{0: "$0.00", 5: "$0.05", 123450: "$1,234.50", 100000000: "$1,000,000.00", -1999: "-$19.99"}
	for in, want := range tests {
		if got := in.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int64(in), got, want)
		}
	}
}

func FuzzFromPesos(f *testing.F) {
	f.Add(150.0)
	f.Add(0.285)
	f.Fuzz(func(t *testing.T, p float64) {
		c, err := FromPesos(p)
		if err != nil {
			return
		}
		back, err := FromPesos(c.Pesos())
		if err != nil || back != c {
			t.Fatalf("round trip of %v: %v -> %v (%v)", p, c, back, err)
		}
	})
}
