/// The status line a replay keeps rewriting in place: the time, the acceleration, the low-pass and
/// high-pass outputs and the orientation, in the longest form that fits the terminal.
///
/// A line wider than the terminal wraps, and a carriage return then only goes back to the start of
/// its last row: every update would leave a row behind and scroll the screen. So the line is never
/// allowed to reach the last column — where some terminals already wrap — and shortens instead:
///
/// ```text
/// t=2.500 s  g x=+0.012 y=-0.998 z=+0.031  low-pass x=… y=… z=…  high-pass x=… y=… z=…  normal
/// t=2.500 s  g +0.012 -0.998 +0.031  low +0.010 -0.997 +0.030  high +0.002 -0.001 +0.001  normal
/// t=2.500 s  g +0.012 -0.998 +0.031  low +0.010 -0.997 +0.030  normal
/// t=2.500  g +0.012 -0.998 +0.031  normal
/// 2.500 +0.01 -1.00 +0.03 normal
/// ```
///
/// and only when not even the last form fits is it cut short.
public struct ReplayStatusLine: Sendable, Hashable {
    /// Seconds since the first sample.
    public var time: Double
    /// The acceleration in g.
    public var acceleration: Vector3
    /// The low-pass filter's output in g (gravity).
    public var lowpass: Vector3
    /// The high-pass filter's output in g (movement).
    public var highpass: Vector3
    /// The orientation's name, as `monitor-sensor` prints it.
    public var orientation: String
    /// Whether the sample is beyond ±16 g (shown as `>16g`).
    public var isBeyondRange: Bool

    /// Makes a status line for one sample.
    public init(
        time: Double, acceleration: Vector3, lowpass: Vector3, highpass: Vector3, orientation: String,
        isBeyondRange: Bool
    ) {
        self.time = time
        self.acceleration = acceleration
        self.lowpass = lowpass
        self.highpass = highpass
        self.orientation = orientation
        self.isBeyondRange = isBeyondRange
    }

    /// The SGR colour codes of the axes: x red, y green, z blue.
    static let axisColors = ["31", "32", "34"]

    /// The line for a terminal `columns` wide, and how many columns it takes (always fewer than
    /// `columns`, at least 1). `useColor` paints each axis's value in its colour.
    public func rendered(columns: Int, useColor: Bool) -> (text: String, width: Int) {
        let budget = max(columns - 1, 1)
        let forms = [full, withoutLabels(highpass: true), withoutLabels(highpass: false), accelerationOnly, narrowest]
        let chosen = forms.first { Self.width(of: $0) <= budget } ?? Self.cut(narrowest, to: budget)
        return (Self.encode(chosen, useColor: useColor), Self.width(of: chosen))
    }

    /// How many rows above the cursor a status line `width` columns wide starts once a terminal
    /// `columns` wide has re-wrapped it (0 while it still fits one row). A line that fills its last
    /// row exactly leaves the cursor at the end of that row, not at the start of the next.
    public static func rowsAboveCursor(afterWrapping width: Int, columns: Int) -> Int {
        guard columns > 0, width > 0 else { return 0 }
        return (width - 1) / columns
    }

    /// The full line, as a pipe gets it: no width limit.
    public func rendered(useColor: Bool) -> String {
        Self.encode(full, useColor: useColor)
    }

    // MARK: - Forms, longest first

    /// A piece of the line, painted in an axis's colour when `axis` is set.
    private struct Piece: Hashable {
        var text: String
        var axis: Int?
    }

    private var flag: [Piece] { isBeyondRange ? [Piece(text: "  >16g")] : [] }

    private var full: [Piece] {
        [Piece(text: "t=\(Self.fixed(time, 3)) s  g ")] + Self.labelled(acceleration) + [Piece(text: "  low-pass ")]
            + Self.labelled(lowpass) + [Piece(text: "  high-pass ")] + Self.labelled(highpass)
            + [Piece(text: "  " + orientation)] + flag
    }

    private func withoutLabels(highpass showsHighpass: Bool) -> [Piece] {
        var pieces = [Piece(text: "t=\(Self.fixed(time, 3)) s  g ")] + Self.bare(acceleration, decimals: 3)
        pieces += [Piece(text: "  low ")] + Self.bare(lowpass, decimals: 3)
        if showsHighpass { pieces += [Piece(text: "  high ")] + Self.bare(highpass, decimals: 3) }
        return pieces + [Piece(text: "  " + orientation)] + flag
    }

    private var accelerationOnly: [Piece] {
        [Piece(text: "t=\(Self.fixed(time, 3))  g ")] + Self.bare(acceleration, decimals: 3)
            + [Piece(text: "  " + orientation)] + flag
    }

    private var narrowest: [Piece] {
        [Piece(text: Self.fixed(time, 3) + " ")] + Self.bare(acceleration, decimals: 2)
            + [Piece(text: " " + orientation)] + (isBeyondRange ? [Piece(text: " >16g")] : [])
    }

    /// `x=+0.012 y=-0.998 z=+0.031`.
    private static func labelled(_ vector: Vector3) -> [Piece] {
        axes(vector) { axis, value in ["x", "y", "z"][axis] + "=" + signed(value, 3) }
    }

    /// `+0.012 -0.998 +0.031`.
    private static func bare(_ vector: Vector3, decimals: Int) -> [Piece] {
        axes(vector) { _, value in signed(value, decimals) }
    }

    private static func axes(_ vector: Vector3, _ text: (Int, Double) -> String) -> [Piece] {
        var pieces: [Piece] = []
        for axis in 0..<3 {
            if axis > 0 { pieces.append(Piece(text: " ")) }
            pieces.append(Piece(text: text(axis, vector[axis]), axis: axis))
        }
        return pieces
    }

    // MARK: - Text

    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        PlotNumberFormat.label(value, decimals: decimals)
    }

    private static func signed(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        return text.hasPrefix("-") ? text : "+" + text
    }

    private static func width(of pieces: [Piece]) -> Int {
        pieces.reduce(0) { $0 + $1.text.count }
    }

    /// The first `budget` columns of `pieces`.
    private static func cut(_ pieces: [Piece], to budget: Int) -> [Piece] {
        var result: [Piece] = []
        var left = budget
        for piece in pieces where left > 0 {
            let kept = String(piece.text.prefix(left))
            result.append(Piece(text: kept, axis: piece.axis))
            left -= kept.count
        }
        return result
    }

    private static func encode(_ pieces: [Piece], useColor: Bool) -> String {
        var text = ""
        for piece in pieces {
            if useColor, let axis = piece.axis {
                text += "\u{1B}[" + axisColors[axis] + "m" + piece.text + "\u{1B}[0m"
            } else {
                text += piece.text
            }
        }
        return text
    }
}
