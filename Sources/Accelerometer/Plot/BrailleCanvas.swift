/// A grid of terminal cells, each holding 2×4 dots, drawn with Unicode Braille patterns (U+2800…).
///
/// Every dot remembers which series set it last, so a cell can be coloured by its series; without
/// colour the canvas can instead print each series' own letter at cell resolution.
struct BrailleCanvas {
    let columns: Int
    let rows: Int
    /// The dot bits set in each cell.
    private var bits: [UInt8]
    /// The series that last drew in each cell (-1: none), and whether several series share it.
    private var owners: [Int]
    private var shared: [Bool]

    init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        owners = Array(repeating: -1, count: self.columns * self.rows)
        shared = Array(repeating: false, count: self.columns * self.rows)
    }

    /// Width and height in dots.
    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    /// Sets one dot (x from the left, y from the top) for `series`; dots outside are ignored.
    mutating func set(x: Int, y: Int, series: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let cell = (y / 4) * columns + x / 2
        // Braille dot numbering: the left column is dots 1, 2, 3, 7, the right one 4, 5, 6, 8.
        let masks: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        bits[cell] |= masks[x % 2][y % 4]
        if owners[cell] != -1 && owners[cell] != series { shared[cell] = true }
        owners[cell] = series
    }

    /// Draws a straight line of dots between two points (Bresenham).
    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), series: Int) {
        var (x, y) = start
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y, series: series)
            if x == end.x && y == end.y { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// The Braille character of a cell (a blank pattern, U+2800, when empty).
    func braille(column: Int, row: Int) -> Character {
        Character(Unicode.Scalar(0x2800 + UInt32(bits[row * columns + column])) ?? " ")
    }

    /// The series that owns a cell, if any, and whether several series meet there.
    func owner(column: Int, row: Int) -> (series: Int, isShared: Bool)? {
        let cell = row * columns + column
        return owners[cell] == -1 ? nil : (owners[cell], shared[cell])
    }
}
