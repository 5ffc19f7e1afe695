extension SysfsDevice {
    /// The scale of a channel: `in_<channel>_scale`, else the shared `in_<type>_scale`, else `scale`;
    /// 1.0 when none exists; zero or a non-number is an error naming the file (DESIGN.md §6).
    public func scale(ofChannel channel: String) throws(IIOError) -> Double {
        try number(for: channel, suffix: "scale", whenMissing: 1.0, rejectZero: true)
    }

    /// The offset of a channel, looked up like the scale; 0 when none exists.
    public func offset(ofChannel channel: String) throws(IIOError) -> Double {
        try number(for: channel, suffix: "offset", whenMissing: 0.0, rejectZero: false)
    }

    /// Samples per second from `sampling_frequency` or `in_accel_sampling_frequency`, if present.
    public func samplingFrequency() throws(IIOError) -> Double? {
        for name in ["sampling_frequency", "in_accel_sampling_frequency"] {
            guard let text = try files.readOptionalText(path(name)) else { continue }
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw .invalidAttribute(
                    path: path(name), value: text, reason: "a sampling frequency must be a positive number")
            }
            return value
        }
        return nil
    }

    /// The mount matrix from `mount_matrix`, `in_accel_mount_matrix` or `in_mount_matrix`; identity
    /// when none exists or the file is empty.
    public func mountMatrix() throws(IIOError) -> MountMatrix {
        for name in ["mount_matrix", "in_accel_mount_matrix", "in_mount_matrix"] {
            guard let text = try files.readOptionalText(path(name)) else { continue }
            do {
                return try MountMatrix(parsing: text)
            } catch {
                throw .invalidAttribute(path: path(name), value: text, reason: error.description)
            }
        }
        return .identity
    }

    /// The clock behind the timestamp channel (`current_timestamp_clock`), if the kernel says.
    public func timestampClock() throws(IIOError) -> String? {
        try files.readOptionalText(path("current_timestamp_clock"))
    }

    /// Looks a numeric attribute up per channel, then per channel type, then device-wide.
    private func number(for channel: String, suffix: String, whenMissing: Double, rejectZero: Bool)
        throws(IIOError) -> Double
    {
        for name in Self.candidateNames(channel: channel, suffix: suffix) {
            guard let text = try files.readOptionalText(path(name)) else { continue }
            guard let value = Double(text), value.isFinite else {
                throw .invalidAttribute(path: path(name), value: text, reason: "this is not a number")
            }
            if rejectZero && value == 0 {
                throw .invalidAttribute(
                    path: path(name), value: text, reason: "a zero \(suffix) would turn every reading into 0")
            }
            return value
        }
        return whenMissing
    }

    /// `accel_x` + `scale` → `in_accel_x_scale`, `in_accel_scale`, `scale`.
    static func candidateNames(channel: String, suffix: String) -> [String] {
        var names = ["in_\(channel)_\(suffix)"]
        if let underscore = channel.lastIndex(of: "_") {
            names.append("in_\(channel[..<underscore])_\(suffix)")
        }
        names.append(suffix)
        return names
    }
}
