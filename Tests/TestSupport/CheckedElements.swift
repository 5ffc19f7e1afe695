/// Checked access to output whose length a test cannot promise.
///
/// A subscript past the end traps, and a trap ends the whole test process, not just the test. Output
/// that is shorter than expected must instead be a failed expectation, so a test reads it through
/// these and `#require`s the result:
///
/// ```swift
/// let row = try #require(lines.element(at: 1))
/// #expect(try #require(row.elements(at: 3...5)) == ["103", "-919", "-385"])
/// ```
extension Collection {
    /// The element `offset` positions from the start, or `nil` when there is no such element.
    public func element(at offset: Int) -> Element? {
        guard offset >= 0, let index = self.index(startIndex, offsetBy: offset, limitedBy: endIndex),
            index != endIndex
        else { return nil }
        return self[index]
    }

    /// The elements `offsets` positions from the start, or `nil` when the collection is too short
    /// to hold them all.
    public func elements(at offsets: ClosedRange<Int>) -> [Element]? {
        elements(at: offsets.lowerBound..<(offsets.upperBound + 1))
    }

    /// The elements `offsets` positions from the start, or `nil` when the collection is too short
    /// to hold them all.
    public func elements(at offsets: Range<Int>) -> [Element]? {
        guard offsets.lowerBound >= 0,
            let lower = self.index(startIndex, offsetBy: offsets.lowerBound, limitedBy: endIndex),
            let upper = self.index(lower, offsetBy: offsets.count, limitedBy: endIndex)
        else { return nil }
        return Array(self[lower..<upper])
    }
}

extension BidirectionalCollection {
    /// The element `offset` positions before the end (0 is the last), or `nil` when there is no
    /// such element.
    public func element(fromEnd offset: Int) -> Element? {
        guard offset >= 0 else { return nil }
        return reversed().element(at: offset)
    }
}
