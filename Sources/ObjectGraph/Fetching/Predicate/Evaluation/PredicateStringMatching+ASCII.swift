/// The allocation-free ASCII paths of ``PredicateStringMatching``: byte comparisons that give exactly
/// the answer of folding through Foundation, taken when that can be proven from the bytes alone.
extension PredicateStringMatching {
    /// The byte search below on two Strings' UTF-8, when both are stored contiguously (nil
    /// otherwise, as when it cannot prove its answer).
    static func searchASCII(
        _ text: String, for pattern: String, operator comparisonOperator: ComparisonOperator,
        options: StringComparisonOptions
    ) -> Bool? {
        let result = text.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            pattern.utf8.withContiguousStorageIfAvailable { needle -> Bool? in
                searchASCII(haystack, for: needle, operator: comparisonOperator, options: options)
            } ?? nil
        }
        return result ?? nil
    }

    /// `==`, `BEGINSWITH`, `ENDSWITH`, `CONTAINS` on UTF-8 bytes (as SQLite hands them over) with an
    /// ASCII pattern, without folding. Folding ASCII only lowers `A`–`Z` (diacritic folding leaves it
    /// alone), so when every scalar the comparison looks at is ASCII, comparing bytes gives the same
    /// answer as ``searchFolded(_:for:operator:options:)``:
    ///
    /// - both ASCII: any operator;
    /// - `BEGINSWITH` on text whose first `pattern.count` scalars are ASCII and whose next scalar is
    ///   not a combining mark (one could compose with the last compared letter, as `e` + U+0301
    ///   becomes `é`);
    /// - `ENDSWITH` on text whose last `pattern.count` scalars are ASCII (nothing composes with a
    ///   following ASCII letter, and what the rest folds to stays before it).
    ///
    /// Anything else is nil, for the caller to fold: non-ASCII text can fold into ASCII letters
    /// (`ﬁ` to `fi`, the Kelvin sign to `k`, `é` to `e` under `[d]`), so it is never compared bytewise.
    static func searchASCII(
        _ haystack: UnsafeBufferPointer<UInt8>, for needle: UnsafeBufferPointer<UInt8>,
        operator comparisonOperator: ComparisonOperator, options: StringComparisonOptions
    ) -> Bool? {
        guard !needle.contains(where: { $0 >= 0x80 }) else { return nil }
        let lowers = options.contains(.caseInsensitive)
        @inline(__always) func same(_ a: UInt8, _ b: UInt8) -> Bool {
            guard lowers else { return a == b }
            return (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) == (b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
        }
        func matches(at start: Int) -> Bool {
            for offset in 0..<needle.count where !same(haystack[start + offset], needle[offset]) {
                return false
            }
            return true
        }
        func isASCII(_ range: Range<Int>) -> Bool { !haystack[range].contains(where: { $0 >= 0x80 }) }

        // `BEGINSWITH` needs only the compared prefix and the scalar after it (the rule below),
        // not a scan of the whole text; the answer is the one the general rules give.
        if comparisonOperator == .beginsWith, !needle.isEmpty, needle.count <= haystack.count,
            isASCII(0..<needle.count),
            needle.count == haystack.count || haystack[needle.count] < 0x80
                || !startsWithCombiningMark(haystack, at: needle.count)
        {
            return matches(at: 0)
        }
        guard isASCII(0..<haystack.count) else {
            guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
            switch comparisonOperator {
            case .beginsWith:
                guard isASCII(0..<needle.count), !startsWithCombiningMark(haystack, at: needle.count) else {
                    return nil
                }
                return matches(at: 0)
            case .endsWith:
                guard isASCII((haystack.count - needle.count)..<haystack.count) else { return nil }
                return matches(at: haystack.count - needle.count)
            default:
                return nil
            }
        }
        if comparisonOperator == .equal { return haystack.count == needle.count && matches(at: 0) }
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        switch comparisonOperator {
        case .beginsWith: return matches(at: 0)
        case .endsWith: return matches(at: haystack.count - needle.count)
        case .contains: return (0...(haystack.count - needle.count)).contains { matches(at: $0) }
        default: return nil
        }
    }

    /// Whether the scalar starting at byte `index` is a combining mark (General Category `Mn`, `Mc`
    /// or `Me`). False at the end of the text or on an ASCII byte; true on bytes that are not valid
    /// UTF-8, so that the caller takes the general path.
    private static func startsWithCombiningMark(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index < bytes.count, bytes[index] >= 0x80 else { return false }
        var iterator = bytes[index...].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
