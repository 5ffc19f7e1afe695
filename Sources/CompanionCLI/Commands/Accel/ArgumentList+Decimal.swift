extension ArgumentList {
    /// Removes an option whose value must be a decimal number: `60`, `-0.5`, `.25`, `2e3`.
    ///
    /// Swift's `Double(_:)` also reads hexadecimal (`0x3C` is 60), `inf` and `nan`; a rate or a cutoff
    /// typed that way is almost certainly a slip, so only decimal digits are accepted.
    mutating func decimalOption(_ name: String) throws(CommandLineError) -> Double? {
        guard let text = try option(name) else { return nil }
        guard Self.isDecimal(text), let number = Double(text), number.isFinite else {
            throw .usage("'\(text)' is not a decimal number", subject: name)
        }
        return number
    }

    /// Whether `text` is `[+-]digits[.digits][e[+-]digits]` (digits on at least one side of the point).
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
