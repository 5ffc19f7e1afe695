/// The same panels as ``TerminalPlot``, as a standalone SVG for slides.
public struct SVGPlot: Sendable {
    /// The panels, top to bottom.
    public var panels: [PlotPanel]
    /// The drawing's width in pixels.
    public var width: Int
    /// Each panel's height in pixels.
    public var panelHeight: Int

    /// Makes a plot.
    public init(panels: [PlotPanel], width: Int = 960, panelHeight: Int = 260) {
        self.panels = panels
        self.width = width
        self.panelHeight = panelHeight
    }

    /// The axis colours: x red, y green, z blue.
    static let seriesColors = ["#d62728", "#2ca02c", "#1f77b4", "#9467bd", "#17becf", "#bcbd22"]

    /// The SVG document.
    public func render() -> String {
        let left = 70.0
        let right = 20.0
        let top = 34.0
        let bottom = 40.0
        let height = panels.count * panelHeight
        var parts = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
        ]
        for (number, panel) in panels.enumerated() {
            let originY = Double(number * panelHeight)
            let plotWidth = Double(width) - left - right
            let plotHeight = Double(panelHeight) - top - bottom
            let (low, high) = panel.valueRange
            let (start, end) = panel.timeRange
            let decimals = PlotNumberFormat.decimals(forSpan: high - low)
            func px(_ time: Double) -> Double { left + (time - start) / (end - start) * plotWidth }
            func py(_ value: Double) -> Double { originY + top + (high - value) / (high - low) * plotHeight }
            parts.append(
                "<text x=\"\(left)\" y=\"\(originY + 20)\" font-size=\"14\" font-weight=\"bold\">\(Self.escape(panel.title))</text>"
            )
            var legendX = left + plotWidth - 150
            for (index, series) in panel.series.enumerated() {
                let color = Self.seriesColors[index % Self.seriesColors.count]
                parts.append(
                    "<line x1=\"\(f(legendX))\" y1=\"\(f(originY + 16))\" x2=\"\(f(legendX + 18))\" y2=\"\(f(originY + 16))\" "
                        + "stroke=\"\(color)\" stroke-width=\"3\"/>")
                parts.append(
                    "<text x=\"\(f(legendX + 22))\" y=\"\(f(originY + 20))\">\(Self.escape(series.name))</text>")
                legendX += 50
            }
            parts.append(
                "<rect x=\"\(f(left))\" y=\"\(f(originY + top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" "
                    + "fill=\"none\" stroke=\"#888\"/>")
            for step in 0...4 {
                let value = low + (high - low) * Double(step) / 4
                let y = py(value)
                parts.append(
                    "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y))\" stroke=\"#eee\"/>"
                )
                parts.append(
                    "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">"
                        + "\(PlotNumberFormat.label(value, decimals: decimals))</text>")
                // One instant has one time, under its left edge, not a made-up second after it.
                if panel.isInstant && step > 0 { continue }
                let time = start + (end - start) * Double(step) / 4
                parts.append(
                    "<text x=\"\(f(px(time)))\" y=\"\(f(originY + top + plotHeight + 16))\" text-anchor=\"middle\">"
                        + "\(PlotNumberFormat.label(time, decimals: 2))</text>")
            }
            parts.append(
                "<text x=\"\(f(left + plotWidth))\" y=\"\(f(originY + top + plotHeight + 32))\" text-anchor=\"end\">"
                    + "time (s)</text>")
            for (index, series) in panel.series.enumerated() {
                let points = zip(panel.times, series.values).filter { $0.1.isFinite }.map {
                    "\(f(px($0.0))),\(f(py($0.1)))"
                }
                guard !points.isEmpty else { continue }
                parts.append(
                    "<polyline fill=\"none\" stroke=\"\(Self.seriesColors[index % Self.seriesColors.count])\" "
                        + "stroke-width=\"1.2\" points=\"\(points.joined(separator: " "))\"/>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private func f(_ value: Double) -> String {
        PlotNumberFormat.label(value, decimals: 1)
    }

    /// Escapes text for XML character data.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
