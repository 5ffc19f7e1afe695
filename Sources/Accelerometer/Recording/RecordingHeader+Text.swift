extension RecordingHeader {
    /// The width of the zero-padded scan count, so a writer can patch it in place as scans arrive.
    static let scanCountWidth = 12

    /// The header's text, up to and including the `data:` line and its newline.
    ///
    /// `scanCount` is written zero-padded to a fixed width so a recorder can rewrite it in place.
    public func text(scanSize: Int) -> String {
        var lines = [Self.magic, "tool: \(Self.clean(tool))", "device: \(Self.clean(device))"]
        if let deviceIdentifier { lines.append("device-id: \(Self.clean(deviceIdentifier))") }
        if let samplingFrequency { lines.append("sampling-frequency: \(Self.format(samplingFrequency))") }
        if let timestampClock { lines.append("timestamp-clock: \(Self.clean(timestampClock))") }
        if let startTime { lines.append("start-time: \(Self.clean(startTime))") }
        lines.append("mount-matrix: \(mountMatrix)")
        for channel in channels.sorted(by: { $0.index < $1.index }) {
            lines.append(
                "channel: \(Self.clean(channel.name)) index=\(channel.index) type=\(channel.type) "
                    + "scale=\(Self.format(channel.scale)) offset=\(Self.format(channel.offset))")
        }
        for note in notes { lines.append("note: \(Self.clean(note))") }
        lines.append("scan-size: \(scanSize)")
        let count = String(scanCount ?? 0)
        lines.append("scans: " + String(repeating: "0", count: max(0, Self.scanCountWidth - count.count)) + count)
        lines.append("data:")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The byte offset of the scan count's digits inside ``text(scanSize:)``.
    func scanCountOffset(scanSize: Int) -> Int {
        let text = Array(self.text(scanSize: scanSize).utf8)
        let marker = Array("\nscans: ".utf8)
        var index = text.count - marker.count
        while index >= 0 {
            if Array(text[index..<(index + marker.count)]) == marker { return index + marker.count }
            index -= 1
        }
        return 0
    }

    /// Shortest text that reads back as exactly the same Double, written without an exponent the way
    /// sysfs writes numbers (`0.000038245`, not `3.8245e-05`), with `.` whatever the locale.
    public static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        let text = "\(value)"  // Swift's shortest round-trip form, locale-free
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...]),
            abs(exponent) < 400
        else { return text }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
        let integerDigits = mantissa.distance(from: mantissa.startIndex, to: point)
        var digits = mantissa.filter { $0 != "." }
        while digits.count > 1 && digits.hasSuffix("0") { digits.removeLast() }
        let position = integerDigits + exponent
        var result: String
        if position <= 0 {
            result = "0." + String(repeating: "0", count: -position) + digits
        } else if position >= digits.count {
            result = digits + String(repeating: "0", count: position - digits.count)
        } else {
            let split = digits.index(digits.startIndex, offsetBy: position)
            result = digits[..<split] + "." + digits[split...]
        }
        return (negative ? "-" : "") + result
    }

    /// Keeps a value on one line: newlines and other control characters become spaces.
    static func clean(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}
