/// A multi-panel line plot for the terminal, in the spirit of Apple's AccelerometerGraph: each panel
/// shows x, y, z against time with value labels on the left and a time axis below.
///
/// With colour, lines are Braille dots (2×4 per cell) in the axis colours x red, y green, z blue
/// (16-colour SGR, so the user's palette decides contrast). Without colour, each series is drawn with
/// its own letter (`x`, `y`, `z`; `*` where they meet) so the plot stays readable in plain text; set
/// ``braille`` to keep Braille dots anyway.
public struct TerminalPlot: Sendable {
    /// The panels, top to bottom.
    public var panels: [PlotPanel]
    /// The total width in terminal columns, labels included (at least 30 is useful).
    public var width: Int
    /// The height of each panel's drawing area in rows.
    public var panelHeight: Int
    /// Whether to emit SGR colour escapes.
    public var useColor: Bool
    /// Whether to draw Braille dots even without colour.
    public var braille: Bool

    /// Makes a plot; `braille` defaults to `useColor`.
    public init(panels: [PlotPanel], width: Int, panelHeight: Int = 10, useColor: Bool, braille: Bool? = nil) {
        self.panels = panels
        self.width = width
        self.panelHeight = panelHeight
        self.useColor = useColor
        self.braille = braille ?? useColor
    }

    /// The SGR colour codes of the series: x red, y green, z blue (as the iPhone sample drew them).
    static let seriesColors = ["31", "32", "34", "35", "36", "33"]

    /// The whole plot as lines of text, each ending in a newline, never wider than ``width``.
    public func render() -> String {
        var output = ""
        for panel in panels {
            output += render(panel)
        }
        return output
    }

    private func render(_ panel: PlotPanel) -> String {
        let (low, high) = panel.dataRange
        let rows = max(panelHeight, 2)
        let labels = Self.valueLabels(low: low, high: high, rows: rows)
        let labelWidth = max(labels.compactMap { $0?.count }.max() ?? 1, 4)
        let columns = max(width - labelWidth - 2, 8)
        var canvas = BrailleCanvas(columns: columns, rows: rows)
        let (start, end) = panel.timeRange
        for (number, series) in panel.series.enumerated() {
            var previous: (x: Int, y: Int)?
            for (index, value) in series.values.enumerated() where index < panel.times.count && value.isFinite {
                let x = Int(((panel.times[index] - start) / (end - start) * Double(canvas.dotWidth - 1)).rounded())
                let y = Int(((high - value) / (high - low) * Double(canvas.dotHeight - 1)).rounded())
                let point = (x: x, y: y)
                if let previous {
                    canvas.line(from: previous, to: point, series: number)
                } else {
                    canvas.set(x: x, y: y, series: number)
                }
                previous = point
            }
        }
        var lines = [title(panel)]
        for row in 0..<canvas.rows {
            let label = labels[row] ?? ""
            let tick = labels[row] == nil ? "│" : "┤"
            lines.append(
                String(repeating: " ", count: labelWidth - label.count) + label + " " + tick + cells(canvas, row))
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + "└" + String(repeating: "─", count: columns))
        if panel.isInstant {
            // One instant: its time under the one column it is drawn in, not a made-up second.
            lines.append(String(repeating: " ", count: labelWidth + 2) + PlotNumberFormat.time(start) + " s")
        } else {
            lines.append(timeAxis(start: start, end: end, indent: labelWidth + 2, columns: columns))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The labels of the value axis, one per row (nil: no label): the top row is labelled with the
    /// largest value, which is drawn on it, the bottom row with the smallest, and the middle row with
    /// the value at its centre. Each label so states a value that lies in its row, at every height.
    ///
    /// The canvas maps `high` to dot row 0 and `low` to the last dot row (4 per text row).
    static func valueLabels(low: Double, high: Double, rows: Int) -> [String?] {
        let decimals = PlotNumberFormat.decimals(forSpan: high - low)
        let lastDot = Double(rows * 4 - 1)
        return (0..<rows).map { row -> String? in
            let value: Double
            if row == 0 {
                value = high
            } else if row == rows - 1 {
                value = low
            } else if row == rows / 2 {
                value = high - (high - low) * (Double(row * 4) + 1.5) / lastDot
            } else {
                return nil
            }
            return PlotNumberFormat.label(value, decimals: decimals)
        }
    }

    private func title(_ panel: PlotPanel) -> String {
        var text = panel.title
        var visible = text.count
        if !useColor && !braille {
            let names = panel.series.map(\.name).joined(separator: ", ")
            text += "  (letters \(names); * where lines meet)"
            visible = text.count
        } else {
            for (number, series) in panel.series.enumerated() {
                text += "  " + paint("━ " + series.name, number)
                visible += 4 + series.name.count
            }
        }
        return visible <= width ? text : String(panel.title.prefix(width))
    }

    private func cells(_ canvas: BrailleCanvas, _ row: Int) -> String {
        var text = ""
        var open: Int?
        for column in 0..<canvas.columns {
            let owner = canvas.owner(column: column, row: row)
            let character: Character
            if braille {
                character = canvas.braille(column: column, row: row)
            } else if let owner {
                character = owner.isShared ? "*" : Character(String(plainMark(owner.series)))
            } else {
                character = " "
            }
            if useColor {
                let wanted = owner.map(\.series)
                if wanted != open {
                    if open != nil { text += "\u{1B}[0m" }
                    if let wanted { text += "\u{1B}[" + Self.seriesColors[wanted % Self.seriesColors.count] + "m" }
                    open = wanted
                }
            }
            text.append(character)
        }
        if useColor && open != nil { text += "\u{1B}[0m" }
        return text
    }

    private func plainMark(_ series: Int) -> Character {
        let names = ["x", "y", "z"]
        return series < names.count ? Character(names[series]) : "#"
    }

    private func paint(_ text: String, _ series: Int) -> String {
        useColor ? "\u{1B}[" + Self.seriesColors[series % Self.seriesColors.count] + "m" + text + "\u{1B}[0m" : text
    }

    /// Time labels under the axis: start, middle and end (only those that fit), then the unit.
    private func timeAxis(start: Double, end: Double, indent: Int, columns: Int) -> String {
        let decimals = PlotNumberFormat.decimals(forSpan: (end - start) * 10) - 1
        var line = [Character](repeating: " ", count: indent + columns)
        let marks: [(Double, Int)] = [(start, 0), ((start + end) / 2, columns / 2), (end, columns - 1)]
        for (index, mark) in marks.enumerated() {
            let text = Array(PlotNumberFormat.label(mark.0, decimals: max(decimals, 0)) + (index == 2 ? " s" : ""))
            var position = indent + mark.1 - (index == 0 ? 0 : index == 1 ? text.count / 2 : text.count - 1)
            position = min(max(position, 0), line.count - text.count)
            guard position >= 0, line[position..<(position + text.count)].allSatisfy({ $0 == " " }) else { continue }
            if position > 0 && line[position - 1] != " " { continue }
            line.replaceSubrange(position..<(position + text.count), with: text)
        }
        return String(line).trimmingTrailingSpaces()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
