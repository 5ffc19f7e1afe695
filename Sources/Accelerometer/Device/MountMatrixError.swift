/// Why a mount matrix is unusable.
public enum MountMatrixError: Error, Equatable, CustomStringConvertible {
    /// The text is not three rows of three numbers.
    case wrongShape(String)
    /// Row `n` (from 1) is all zeros, which would erase an axis.
    case zeroRow(Int)

    /// A sentence a student understands.
    public var description: String {
        switch self {
        case .wrongShape(let text):
            return "mount matrix '\(text)' is not three rows of three numbers ('a, b, c; d, e, f; g, h, i')"
        case .zeroRow(let row):
            return "mount matrix row \(row) is all zeros, which would erase an axis"
        }
    }
}
