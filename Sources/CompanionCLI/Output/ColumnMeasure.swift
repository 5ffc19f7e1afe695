import TerminalKit

/// What a box table must know about all its rows before it draws the first: each column's widest
/// cell and whether the column holds only numbers; and from that, the widths that fit a terminal.
///
/// Sizing from every row shown (not from the first few) is what keeps an object ID such as
/// `Page/p4901`, first seen after a thousand shorter ones, from being cut to `Page/p49…`.
struct ColumnMeasure {
    /// The widest display text per column, headings included.
    private(set) var widths: [Int]
    /// The widest cell per column, headings left out (the least a column that is never cut needs).
    private var valueWidths: [Int]
    /// Per column: whether every cell that is not null is a number.
    private(set) var numeric: [Bool]
    /// Per column: whether any cell is not null.
    private var hasValue: [Bool]
    private let nullText: String

    /// A measure of nothing but the headings.
    init(columns: [TableColumn], nullText: String) {
        widths = columns.map { DisplayWidth.of(TerminalSanitizer.sanitize($0.name)) }
        valueWidths = Array(repeating: 0, count: columns.count)
        numeric = Array(repeating: true, count: columns.count)
        hasValue = Array(repeating: false, count: columns.count)
        self.nullText = nullText
    }

    /// Takes one row into account.
    mutating func add(_ row: [TableCell]) {
        for (index, cell) in row.enumerated() where index < widths.count {
            let width = DisplayWidth.of(Self.display(cell, nullText: nullText))
            widths[index] = max(widths[index], width)
            valueWidths[index] = max(valueWidths[index], width)
            guard cell != .null else { continue }
            hasValue[index] = true
            if !cell.isNumeric { numeric[index] = false }
        }
    }

    /// Per column: right-aligned (`.right`, or `.automatic` with only numbers in it).
    func rightAligned(_ columns: [TableColumn]) -> [Bool] {
        columns.indices.map { index in
            switch columns[index].alignment {
            case .left: return false
            case .right: return true
            case .automatic: return hasValue[index] && numeric[index]
            }
        }
    }

    /// The widths to draw with: as measured when the box fits `width`; otherwise long text columns
    /// give way, the widest first, down to ``shortWidth`` and then down to 3, and last the headings
    /// of the other columns. The values of columns in `kept` and of columns of numbers are never
    /// cut (a cut ID or number is a wrong one): when they alone are wider than `width`, so is the box.
    func fitted(into width: Int?, kept: Set<Int>) -> [Int] {
        guard let width else { return widths }
        var result = widths
        let frame = 3 * result.count + 1
        var excess = result.reduce(0, +) + frame - width
        let isWhole = result.indices.map { kept.contains($0) || (hasValue[$0] && numeric[$0]) }
        let cuttable = result.indices.filter { !isWhole[$0] }
        for floor in [Self.shortWidth, 3] where excess > 0 {
            // Cut the widest column to the next one's width at a time, not one column per step.
            while excess > 0 {
                guard let widest = cuttable.max(by: { result[$0] < result[$1] }), result[widest] > floor else { break }
                let next = cuttable.filter { result[$0] < result[widest] }.map { result[$0] }.max() ?? floor
                let cut = min(excess, result[widest] - max(next, floor))
                result[widest] -= max(cut, 1)
                excess -= max(cut, 1)
            }
        }
        for index in result.indices where isWhole[index] && excess > 0 {
            let cut = min(excess, result[index] - max(valueWidths[index], 3))
            guard cut > 0 else { continue }
            result[index] -= cut
            excess -= cut
        }
        return result
    }

    /// Columns no wider than this (short keys, names, dates' parts) are cut only when cutting the
    /// longer ones was not enough.
    static let shortWidth = 12

    /// A cell as it reads in a box table.
    static func display(_ cell: TableCell, nullText: String) -> String {
        TerminalSanitizer.sanitize(cell.plainText(nullText: nullText))
    }
}
