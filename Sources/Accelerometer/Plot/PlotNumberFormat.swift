import Foundation

/// Number formatting shared by the terminal and SVG plots: a few significant decimals, never `-0`.
enum PlotNumberFormat {
    /// A label for an axis value with `decimals` digits after the point.
    static func label(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-") && Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }

    /// A single time in seconds: whole seconds without decimals, else with three (`0`, `2.125`).
    static func time(_ seconds: Double) -> String {
        label(seconds, decimals: seconds == seconds.rounded() ? 0 : 3)
    }

    /// How many decimals make labels over `span` distinguishable (at least 1, at most 4).
    static func decimals(forSpan span: Double) -> Int {
        guard span > 0, span.isFinite else { return 1 }
        let digits = Int((-log10(span)).rounded(.up)) + 2
        return min(max(digits, 1), 4)
    }
}
