extension Recording {
    /// The most header bytes read before deciding the `data:` line is missing.
    static let maximumHeaderLength = 1 << 16

    /// Reads a recording from the bytes of a file.
    ///
    /// Fatal problems throw ``RecordingError`` with the header line or byte offset; a partial last scan
    /// is dropped and reported in ``issues``.
    public init(bytes: [UInt8]) throws(RecordingError) {
        let (lines, dataOffset) = try Self.headerLines(bytes)
        var header = RecordingHeader(tool: "", device: "", channels: [])
        var sawDevice = false
        var declaredScanSize: (value: Int, line: Int, offset: Int)?
        for (number, offset, text) in lines.dropFirst() {
            func fail(_ reason: String) -> RecordingError {
                .badHeaderLine(line: number, byteOffset: offset, reason: reason)
            }
            guard let colon = text.firstIndex(of: ":") else { throw fail("'\(text)' is not 'key: value'") }
            let key = String(text[..<colon])
            let value = text[text.index(after: colon)...].trimmingWhitespace()
            switch key {
            case "tool": header.tool = value
            case "device":
                header.device = value
                sawDevice = true
            case "device-id": header.deviceIdentifier = value
            case "timestamp-clock": header.timestampClock = value
            case "start-time": header.startTime = value
            case "note": header.notes.append(value)
            case "sampling-frequency":
                guard let rate = Double(value), rate.isFinite, rate > 0 else {
                    throw fail("sampling frequency '\(value)' is not a positive number")
                }
                header.samplingFrequency = rate
            case "mount-matrix":
                do {
                    header.mountMatrix = try MountMatrix(parsing: value)
                } catch {
                    throw fail(error.description)
                }
            case "channel":
                header.channels.append(try Self.channel(value, fail: fail))
            case "scan-size":
                guard let size = Int(value), size > 0 else {
                    throw fail("scan size '\(value)' is not a positive whole number")
                }
                declaredScanSize = (size, number, offset)
            case "scans":
                guard let count = Int(value), count >= 0 else {
                    throw fail("scan count '\(value)' is not a whole number")
                }
                header.scanCount = count
            default:
                throw fail("unknown header entry '\(key)'")
            }
        }
        guard sawDevice else { throw .missingHeaderEntry("device") }
        guard !header.channels.isEmpty else { throw .missingHeaderEntry("channel") }
        let layout: ScanLayout
        do {
            layout = try header.layout()
        } catch {
            throw .headerMismatch(error.description)
        }
        if let declared = declaredScanSize, declared.value != layout.scanSize {
            throw .headerMismatch(
                "line \(declared.line) (byte offset \(declared.offset)) says scans are "
                    + "\(CountText.of(declared.value, "byte")), but the channels it lists make "
                    + "\(layout.scanSize)-byte scans")
        }
        _ = try AccelerationDecoder(layout: layout, mountMatrix: header.mountMatrix)
        let dataLength = bytes.count - dataOffset
        let whole = dataLength / layout.scanSize
        let remainder = dataLength % layout.scanSize
        var issues: [RecordingIssue] = []
        if let announced = header.scanCount {
            let explainedByTruncation = remainder > 0 && announced == whole + 1
            if announced != whole && !explainedByTruncation {
                throw .headerMismatch(
                    "it announces \(CountText.of(announced, "scan")) of \(layout.scanSize) bytes, but the "
                        + "\(CountText.of(dataLength, "byte")) after byte offset \(dataOffset) "
                        + "\(dataLength == 1 ? "holds" : "hold") \(CountText.of(whole, "scan"))"
                        + (remainder > 0 ? " and \(CountText.of(remainder, "byte"))" : ""))
            }
        }
        if remainder > 0 {
            issues.append(
                .truncatedLastScan(
                    sample: whole, byteOffset: dataOffset + whole * layout.scanSize, bytesPresent: remainder,
                    scanSize: layout.scanSize))
        }
        header.scanCount = whole
        self.init(
            header: header, layout: layout, scanData: Array(bytes[dataOffset..<(dataOffset + whole * layout.scanSize)]),
            dataOffset: dataOffset, issues: issues)
    }

    /// Splits the header into (line number, byte offset, text) up to the `data:` line.
    private static func headerLines(_ bytes: [UInt8]) throws(RecordingError) -> ([(Int, Int, String)], Int) {
        var lines: [(Int, Int, String)] = []
        var start = 0
        let limit = min(bytes.count, maximumHeaderLength)
        var index = 0
        while index < limit {
            if bytes[index] == UInt8(ascii: "\n") {
                var text = String(decoding: bytes[start..<index], as: UTF8.self)
                if text.hasSuffix("\r") { text.removeLast() }
                if lines.isEmpty && text != RecordingHeader.magic {
                    throw .notARecording(firstLine: text)
                }
                if text == "data:" { return (lines, index + 1) }
                lines.append((lines.count + 1, start, text))
                start = index + 1
            }
            index += 1
        }
        if lines.isEmpty {
            throw .notARecording(firstLine: String(decoding: bytes.prefix(40).prefix { $0 != 10 }, as: UTF8.self))
        }
        throw .unterminatedHeader(byteCount: limit)
    }

    /// `accel_x index=0 type=le:s16/32>>0 scale=0.0095 offset=0`.
    private static func channel(_ text: String, fail: (String) -> RecordingError) throws(RecordingError)
        -> ChannelDescription
    {
        let words = text.split(separator: " ")
        guard let name = words.first, !name.contains("=") else { throw fail("a channel line starts with its name") }
        var fields: [String: String] = [:]
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { throw fail("'\(word)' is not 'key=value'") }
            fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        guard let indexText = fields["index"], let index = Int(indexText), index >= 0 else {
            throw fail("channel \(name) needs index=N with a whole number N ≥ 0")
        }
        guard let typeText = fields["type"] else { throw fail("channel \(name) needs type=…") }
        let type: ScanType
        do {
            type = try ScanType(parsing: typeText)
        } catch {
            throw fail("channel \(name): \(error)")
        }
        var channel = ChannelDescription(name: String(name), index: index, type: type)
        if let scaleText = fields["scale"] {
            guard let scale = Double(scaleText), scale.isFinite else {
                throw fail("channel \(name): scale '\(scaleText)' is not a number")
            }
            guard scale != 0 || channel.isTimestamp else {
                throw fail("channel \(name) has scale 0, which would turn every reading into 0")
            }
            channel.scale = scale
        }
        if let offsetText = fields["offset"] {
            guard let offset = Double(offsetText), offset.isFinite else {
                throw fail("channel \(name): offset '\(offsetText)' is not a number")
            }
            channel.offset = offset
        }
        return channel
    }
}
