extension ScanType {
    /// Parses the kernel's (`le:s12/16>>4`) or libiio's (`be:S20/32>>4`) spelling of a scan type.
    ///
    /// Surrounding white space (sysfs files end in a newline) is ignored. Anything else that does not
    /// match `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift` throws ``ScanTypeError/unknownFormat(_:)``.
    public init(parsing text: String) throws(ScanTypeError) {
        let trimmed = text.trimmingWhitespace()
        var scanner = Substring(trimmed)
        guard let orderText = scanner.take(2), let order = ByteOrder(rawValue: String(orderText)),
            scanner.takeLiteral(":"), let signLetter = scanner.popFirst()
        else { throw .unknownFormat(trimmed) }
        let signed: Bool
        switch signLetter {
        case "s", "S": signed = true
        case "u", "U": signed = false
        default: throw .unknownFormat(trimmed)
        }
        guard let bits = scanner.takeNumber(), scanner.takeLiteral("/"), let storage = scanner.takeNumber() else {
            throw .unknownFormat(trimmed)
        }
        var repeats = 1
        if scanner.takeLiteral("X") {
            guard let count = scanner.takeNumber() else { throw .unknownFormat(trimmed) }
            repeats = count
        }
        guard scanner.takeLiteral(">>"), let shiftCount = scanner.takeNumber(), scanner.isEmpty else {
            throw .unknownFormat(trimmed)
        }
        self.byteOrder = order
        self.isSigned = signed
        self.realBits = bits
        self.storageBits = storage
        self.repeatCount = repeats
        self.shift = shiftCount
        try validate(text: trimmed)
    }
}

extension Substring {
    fileprivate mutating func take(_ count: Int) -> Substring? {
        guard self.count >= count else { return nil }
        let head = prefix(count)
        removeFirst(count)
        return head
    }

    fileprivate mutating func takeLiteral(_ literal: String) -> Bool {
        guard hasPrefix(literal) else { return false }
        removeFirst(literal.count)
        return true
    }

    fileprivate mutating func takeNumber() -> Int? {
        let digits = prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, let number = Int(digits) else { return nil }
        removeFirst(digits.count)
        return number
    }
}
