/// One panel of a plot: a title, shared times, and up to three series (x, y, z) drawn against them.
public struct PlotPanel: Sendable {
    /// One line in the panel.
    public struct Series: Sendable {
        /// The legend name (`x`, `y`, `z`).
        public var name: String
        /// One value per time.
        public var values: [Double]

        /// Makes a series.
        public init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }
    }

    /// The heading above the panel, for example `raw (g)` or `low-pass 5 Hz (g)`.
    public var title: String
    /// The time of each value, in seconds.
    public var times: [Double]
    /// The series, drawn in order (later ones on top); the first three get the axis colours.
    public var series: [Series]

    /// Makes a panel; every series should have as many values as `times`.
    public init(title: String, times: [Double], series: [Series]) {
        self.title = title
        self.times = times
        self.series = series
    }

    /// A panel of x, y, z from vectors.
    public init(title: String, times: [Double], vectors: [Vector3]) {
        self.init(
            title: title, times: times,
            series: [
                Series(name: "x", values: vectors.map(\.x)), Series(name: "y", values: vectors.map(\.y)),
                Series(name: "z", values: vectors.map(\.z)),
            ])
    }

    /// The smallest and largest value over all series, widened by 5% so no line touches the frame
    /// (the SVG's range: its grid labels state the value at each line).
    var valueRange: (low: Double, high: Double) {
        let (low, high) = dataRange
        let margin = (high - low) * 0.05
        return (low - margin, high + margin)
    }

    /// The smallest and largest value over all series exactly, widened by 0.5 each way only when
    /// every value is the same, so a flat line still has a range. The terminal plot draws the largest
    /// value on its top row and the smallest on its bottom row, and labels those rows with them.
    var dataRange: (low: Double, high: Double) {
        var low = Double.infinity
        var high = -Double.infinity
        for series in self.series {
            for value in series.values where value.isFinite {
                low = min(low, value)
                high = max(high, value)
            }
        }
        guard low.isFinite, high.isFinite else { return (-1, 1) }
        if high - low < 1e-9 { return (low - 0.5, high + 0.5) }
        return (low, high)
    }

    /// Whether the times span no time at all (one sample, or every sample at the same time).
    var isInstant: Bool {
        guard let earliest = times.min(), let latest = times.max() else { return true }
        return latest <= earliest
    }

    /// The earliest and the latest time (not the first and last: timestamps can go back), widened
    /// to one second when they are the same.
    var timeRange: (start: Double, end: Double) {
        guard let earliest = times.min(), let latest = times.max(), latest > earliest else {
            let start = times.min() ?? 0
            return (start, start + 1)
        }
        return (earliest, latest)
    }
}
