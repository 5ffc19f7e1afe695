import Foundation

/// Generates accelerometer recordings from a physical model, for lectures and tests.
///
/// The simulated chip is a ±8 g, 12-bit accelerometer (like the LIS3DH family) storing each axis
/// left-justified as `le:s12/16>>4` with scale 0.038307 m/s² per count, followed by a `le:s64/64`
/// timestamp on the realtime clock, so every recording exercises shift, mask, sign extension and
/// padding exactly as real scans do. The model: the phone's attitude (roll about z, pitch about x)
/// rotates gravity into the phone's axes; the hand adds its own acceleration; white sensor noise
/// (σ = 0.006 g) and a small physiological tremor (9 Hz, 0.004 g) are added; values are quantised to
/// counts and clipped at the chip's range. Every parameter is written into the header's `note:` lines.
public struct MotionSynthesizer: Sendable {
    /// The motion to model.
    public var scenario: MotionScenario
    /// Samples per second.
    public var rate: Double
    /// Length in seconds.
    public var duration: Double
    /// The random seed for noise.
    public var seed: UInt64

    /// The simulated chip's scale, m/s² per count: 16 g over 4096 counts.
    public static let scale = 16 * AccelerationSample.standardGravity / 4096
    /// The timestamp of the first scan: 2026-01-12T10:00:00Z in nanoseconds.
    public static let startNanoseconds: Int64 = 1_768_212_000_000_000_000
    /// Sensor white noise, g.
    public static let noise = 0.006
    /// Hand tremor amplitude (g) and frequency (Hz).
    public static let tremor = (amplitude: 0.004, frequency: 9.0)

    /// Configures a synthesizer; duration defaults to the scenario's.
    public init(scenario: MotionScenario, rate: Double = 60, duration: Double? = nil, seed: UInt64 = 1) {
        self.scenario = scenario
        self.rate = rate
        self.duration = duration ?? scenario.defaultDuration
        self.seed = seed
    }

    /// The recording's channels: x, y, z as `le:s12/16>>4` and a 64-bit timestamp.
    public static var channels: [ChannelDescription] {
        let axisType = (try? ScanType(parsing: "le:s12/16>>4")) ?? ScanType(littleEndianSignedBits: 16)
        var channels = DeviceDescription.axisNames.enumerated().map { index, name in
            ChannelDescription(name: name, index: index, type: axisType, scale: scale)
        }
        channels.append(ChannelDescription(name: "timestamp", index: 3, type: ScanType(littleEndianSignedBits: 64)))
        return channels
    }

    /// The generator's parameters as header notes.
    public var notes: [String] {
        [
            "generator: companion accel synthesize \(scenario.rawValue) --rate \(RecordingHeader.format(rate)) "
                + "--duration \(RecordingHeader.format(duration)) --seed \(seed)",
            "model: \(scenario.modelDescription)",
            "model: sensor noise sigma=\(Self.noise) g, tremor \(Self.tremor.amplitude) g at "
                + "\(RecordingHeader.format(Self.tremor.frequency)) Hz, 12-bit counts clipped at +-8 g",
        ]
    }

    /// Generates the recording.
    public func recording(tool: String) throws(RecordingError) -> Recording {
        let channels = Self.channels
        let layout: ScanLayout
        do {
            layout = try ScanLayout(channels: channels)
        } catch {
            throw .headerMismatch(error.description)
        }
        var random = SeededGenerator(seed: seed)
        let count = max(Int((duration * rate).rounded()), 1)
        var data: [UInt8] = []
        data.reserveCapacity(count * layout.scanSize)
        for index in 0..<count {
            let time = Double(index) / rate
            if scenario == .walking && time >= 7.0 && time < 7.24 { continue }  // the buffer overrun
            var reading = scenario.reading(at: time)
            let tremor = Self.tremor.amplitude * sin(2 * Double.pi * Self.tremor.frequency * time)
            reading = reading + Vector3(x: tremor, y: 0.7 * tremor, z: 0.5 * tremor)
            reading =
                reading
                + Vector3(
                    x: random.gaussian(standardDeviation: Self.noise),
                    y: random.gaussian(standardDeviation: Self.noise),
                    z: random.gaussian(standardDeviation: Self.noise))
            var scan = [UInt8](repeating: 0, count: layout.scanSize)
            for axis in 0..<3 {
                let counts = (reading[axis] * AccelerationSample.standardGravity / Self.scale).rounded()
                let clipped = Int16(min(max(counts, -2048), 2047))
                let stored = UInt16(bitPattern: clipped << 4)
                scan[layout.offsets[axis]] = UInt8(stored & 0xFF)
                scan[layout.offsets[axis] + 1] = UInt8(stored >> 8)
            }
            let timestamp = UInt64(bitPattern: Self.startNanoseconds + Int64((time * 1e9).rounded()))
            for byte in 0..<8 {
                scan[layout.offsets[3] + byte] = UInt8(truncatingIfNeeded: timestamp >> (8 * UInt64(byte)))
            }
            data += scan
        }
        let header = RecordingHeader(
            tool: tool, device: "synthetic-\(scenario.rawValue)", deviceIdentifier: "iio:device0", channels: channels,
            samplingFrequency: rate, timestampClock: "realtime", startTime: "2026-01-12T10:00:00.000Z", notes: notes)
        return try Recording(header: header, scanData: data)
    }
}
