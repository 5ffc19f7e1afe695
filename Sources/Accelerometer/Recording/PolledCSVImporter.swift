/// Turns a CSV of polled `in_accel_*_raw` values into one of our recordings.
///
/// The first row names the columns (case does not matter): `x`, `y`, `z` (also `raw_x`, `accel_x`,
/// `in_accel_x_raw`…) for the raw counts, and optionally `time` (seconds) or `timestamp` (nanoseconds).
/// Each value becomes a little-endian 32-bit scan element (64-bit when a value needs it) and times a
/// `timestamp` channel, so the result replays like a buffered capture.
public enum PolledCSVImporter {
    /// Builds a recording; `device` supplies name, scale, offset, mount matrix and rate.
    public static func recording(csv text: String, device: DeviceDescription, tool: String, notes: [String])
        throws(RecordingError) -> Recording
    {
        var rows = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .enumerated().map { ($0 + 1, $1) }
        rows.removeAll { $0.1.trimmingWhitespace().isEmpty || $0.1.hasPrefix("#") }
        guard let (headerLine, headerRow) = rows.first else { throw .badCSV(line: 1, reason: "the file is empty") }
        let names = headerRow.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace().lowercased().trimmingCharacters(in: "\"")
        }
        func column(_ axis: String) throws(RecordingError) -> Int {
            let accepted = [axis, "raw_\(axis)", "\(axis)_raw", "accel_\(axis)", "in_accel_\(axis)_raw"]
            guard let index = names.firstIndex(where: accepted.contains) else {
                throw .badCSV(
                    line: headerLine, reason: "no column for the \(axis) axis (expected a header such as 'time,x,y,z')")
            }
            return index
        }
        let columns = [try column("x"), try column("y"), try column("z")]
        let secondsColumn = names.firstIndex { ["time", "t", "seconds", "time_s"].contains($0) }
        let nanosecondsColumn = names.firstIndex { ["timestamp", "timestamp_ns", "ns"].contains($0) }
        var raws: [[Int64]] = []
        var times: [Int64] = []
        for (line, row) in rows.dropFirst() {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            guard cells.count == names.count else {
                throw .badCSV(line: line, reason: "\(cells.count) values, but the header names \(names.count) columns")
            }
            var values: [Int64] = []
            for (axis, index) in columns.enumerated() {
                guard let value = Int64(cells[index]) else {
                    throw .badCSV(
                        line: line,
                        reason: "\(["x", "y", "z"][axis]) value '\(cells[index])' is not a whole number of counts")
                }
                values.append(value)
            }
            raws.append(values)
            if let nanosecondsColumn {
                guard let value = Int64(cells[nanosecondsColumn]) else {
                    throw .badCSV(
                        line: line, reason: "timestamp '\(cells[nanosecondsColumn])' is not whole nanoseconds")
                }
                times.append(value)
            } else if let secondsColumn {
                guard let value = Double(cells[secondsColumn]), value.isFinite, abs(value) < 9e9 else {
                    throw .badCSV(line: line, reason: "time '\(cells[secondsColumn])' is not a number of seconds")
                }
                times.append(Int64((value * 1e9).rounded()))
            }
        }
        guard !raws.isEmpty else {
            throw .badCSV(line: headerLine, reason: "there are no rows of values after the header")
        }
        let needsWide = raws.joined().contains { $0 < Int64(Int32.min) || $0 > Int64(Int32.max) }
        let bits = needsWide ? 64 : 32
        var channels: [ChannelDescription] = []
        for (index, axis) in DeviceDescription.axisNames.enumerated() {
            let template = device.channels.first { $0.name == axis }
            channels.append(
                ChannelDescription(
                    name: axis, index: index, type: Self.type(bits: bits),
                    scale: template?.scale ?? 1.0, offset: template?.offset ?? 0.0))
        }
        let hasTime = !times.isEmpty
        if hasTime { channels.append(ChannelDescription(name: "timestamp", index: 3, type: Self.type(bits: 64))) }
        let layout: ScanLayout
        do {
            layout = try ScanLayout(channels: channels)
        } catch {
            throw .headerMismatch(error.description)
        }
        var data = [UInt8](repeating: 0, count: layout.scanSize * raws.count)
        for (row, values) in raws.enumerated() {
            let base = row * layout.scanSize
            for axis in 0..<3 { store(values[axis], bytes: bits / 8, at: base + layout.offsets[axis], in: &data) }
            if hasTime { store(times[row], bytes: 8, at: base + layout.offsets[3], in: &data) }
        }
        var description = device
        description.channels = channels
        let header = RecordingHeader(
            describing: description, channels: channels, tool: tool, startTime: nil, notes: notes)
        var recording = try Recording(header: header, scanData: data)
        if nanosecondsColumn != nil { recording.header.deriveStartTime(from: recording) }
        return recording
    }

    private static func type(bits: Int) -> ScanType {
        ScanType(littleEndianSignedBits: bits)
    }

    private static func store(_ value: Int64, bytes count: Int, at offset: Int, in data: inout [UInt8]) {
        let bits = UInt64(bitPattern: value)
        for byte in 0..<count { data[offset + byte] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(byte))) }
    }
}

extension String {
    fileprivate func trimmingCharacters(in quote: Character) -> String {
        var text = Substring(self)
        while text.first == quote { text.removeFirst() }
        while text.last == quote { text.removeLast() }
        return String(text)
    }
}
