/// The 3×3 matrix that turns the chip's axes into the device's axes (`mount_matrix` in sysfs).
///
/// The kernel writes it as `"a, b, c; d, e, f; g, h, i"`, rows separated by `;`, and it is applied as
/// matrix × vector (DESIGN.md §6). An empty file means identity; a row of zeros would erase an axis and
/// is rejected.
public struct MountMatrix: Sendable, Hashable, CustomStringConvertible {
    /// The rows, each three numbers.
    public let rows: [[Double]]

    /// The identity: the chip is mounted the way the device is held.
    public static let identity = MountMatrix(validatedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    private init(validatedRows: [[Double]]) {
        rows = validatedRows
    }

    /// Makes a matrix from three rows of three numbers, rejecting an all-zero row.
    public init(rows: [[Double]]) throws(MountMatrixError) {
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else {
            throw .wrongShape(rows.map { $0.map { "\($0)" }.joined(separator: ", ") }.joined(separator: "; "))
        }
        for (number, row) in rows.enumerated() where row.allSatisfy({ $0 == 0 }) {
            throw .zeroRow(number + 1)
        }
        guard rows.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
            throw .wrongShape(rows.map { $0.map { "\($0)" }.joined(separator: ", ") }.joined(separator: "; "))
        }
        self.rows = rows
    }

    /// Parses the sysfs text; numbers are read the same way whatever the user's locale.
    public init(parsing text: String) throws(MountMatrixError) {
        let trimmed = text.trimmingWhitespace()
        if trimmed.isEmpty {
            self = .identity
            return
        }
        let rowTexts = trimmed.split(separator: ";", omittingEmptySubsequences: false)
        var rows: [[Double]] = []
        for rowText in rowTexts {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false)
            var row: [Double] = []
            for cell in cells {
                // Swift's Double(String) always uses '.' as the decimal point, unlike strtod under
                // a German or French locale.
                guard let number = Double(cell.trimmingWhitespace()) else { throw .wrongShape(trimmed) }
                row.append(number)
            }
            guard row.count == 3 else { throw .wrongShape(trimmed) }
            rows.append(row)
        }
        guard rows.count == 3 else { throw .wrongShape(trimmed) }
        try self.init(rows: rows)
    }

    /// Whether this is the identity (so applying it can be skipped).
    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix: matrix × vector.
    public func apply(_ vector: Vector3) -> Vector3 {
        Vector3(
            x: rows[0][0] * vector.x + rows[0][1] * vector.y + rows[0][2] * vector.z,
            y: rows[1][0] * vector.x + rows[1][1] * vector.y + rows[1][2] * vector.z,
            z: rows[2][0] * vector.x + rows[2][1] * vector.y + rows[2][2] * vector.z)
    }

    /// The sysfs spelling, `"1, 0, 0; 0, 1, 0; 0, 0, 1"`.
    public var description: String {
        rows.map { row in row.map(Self.format).joined(separator: ", ") }.joined(separator: "; ")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
