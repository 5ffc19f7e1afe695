import Foundation

// Foundation on Linux has `IndexPath` but not the `row`/`section` vocabulary UIKit adds to it, and
// a fetched results controller speaks in exactly those terms.
extension IndexPath {
    /// An index path naming `row` in `section`, the way a table view addresses a cell.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section, the first index.
    public var section: Int {
        self[0]
    }

    /// The row within the section, the second index.
    public var row: Int {
        self[1]
    }
}
