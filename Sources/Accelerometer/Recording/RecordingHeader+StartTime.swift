import Foundation

extension RecordingHeader {
    /// ISO 8601 text (UTC, milliseconds) for a realtime-clock timestamp in nanoseconds since 1970.
    public static func startTime(realtimeNanoseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(realtimeNanoseconds) / 1e9)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// Fills in a missing start time from the first scan's timestamp, when the timestamps come from the
    /// realtime clock (the kernel's default); monotonic and boottime stamps are not wall-clock times.
    mutating func deriveStartTime(from recording: Recording) {
        guard startTime == nil, timestampClock == nil || timestampClock == "realtime",
            let first = try? recording.decoder(), first.hasTimestamps, recording.scanCount > 0
        else { return }
        let stamp = recording.scanData.withUnsafeBytes { first.sample(0, in: $0).timestamp }
        if let stamp, stamp > 0 { startTime = Self.startTime(realtimeNanoseconds: stamp) }
    }
}
