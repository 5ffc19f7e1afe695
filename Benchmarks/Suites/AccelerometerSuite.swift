import Accelerometer
import Foundation

/// The `accel` benchmark suite (`make bench SUITE=accel`), DESIGN.md §7.
///
/// Ten million scans in the iio-sensor-proxy layout (x, y, z as `le:s16/32>>0`, 4 pad bytes, a
/// `le:s64/64` timestamp: 24 bytes, 240 MB). Two cases:
/// - `decode_filter_10M`: decode to g (offset, scale, ÷ g₀, mount matrix) with ``AccelerationDecoder``,
///   then the low-pass and the high-pass filters, against a plain loop over a preallocated Double array
///   of the same raw values doing the same arithmetic. Target: ratio ≤ 1.25 (≥ 0.8× the throughput).
/// - `decode_10M`: decoding alone against the plain loop's conversion; a second line gives the decoder's
///   throughput in MB of raw scans per second (target ≥ 200 MB/s).
enum AccelerometerSuite {
    static let scans = 10_000_000
    static let chunk = 4096

    static let suite = BenchmarkSuite(name: "accel") {
        let axis = try ScanType(parsing: "le:s16/32>>0")
        let scale = 0.0095768
        let channels = [
            ChannelDescription(name: "accel_x", index: 0, type: axis, scale: scale),
            ChannelDescription(name: "accel_y", index: 1, type: axis, scale: scale),
            ChannelDescription(name: "accel_z", index: 2, type: axis, scale: scale),
            ChannelDescription(name: "timestamp", index: 3, type: try ScanType(parsing: "le:s64/64>>0")),
        ]
        let layout = try ScanLayout(channels: channels)
        let decoder = try AccelerationDecoder(layout: layout, mountMatrix: .identity)
        Measurement.resetPeakMemory()
        let (bytes, raw) = makeData(scanSize: layout.scanSize)

        var sink = 0.0
        let (ours, base) = pairedMedians(
            { sink += decodeAndFilter(bytes, decoder: decoder) }, { sink += plainLoop(raw, scale: scale, filter: true) }
        )
        Measurement.report(
            suite: "accel", name: "decode_filter_10M", ours: ours, base: base, runs: runs,
            peakMiB: Measurement.peakMemoryMiB())

        let (decodeOnly, convertOnly) = pairedMedians(
            { sink += decode(bytes, decoder: decoder) }, { sink += plainLoop(raw, scale: scale, filter: false) })
        Measurement.report(suite: "accel", name: "decode_10M", ours: decodeOnly, base: convertOnly, runs: runs)
        let megabytes = Double(bytes.count) / 1_000_000
        print(
            "BENCH accel/decode_throughput mb_per_s=\(String(format: "%.1f", megabytes / (decodeOnly / 1000))) "
                + "target_mb_per_s=200 bytes=\(bytes.count)")
        if sink.isNaN { print("BENCH-NOTE accel: checksum is NaN") }
    }

    static let runs = 7

    /// Medians of `runs` runs of each body after a warm-up of both, alternating ours and the baseline
    /// so a busy, shared machine slows both alike (Measurement.medianMilliseconds runs one body at a time).
    static func pairedMedians(_ ours: () -> Void, _ base: () -> Void) -> (Double, Double) {
        ours()
        base()
        var oursSamples: [Double] = []
        var baseSamples: [Double] = []
        for _ in 0..<runs {
            oursSamples.append(milliseconds(ours))
            baseSamples.append(milliseconds(base))
        }
        return (oursSamples.sorted()[runs / 2], baseSamples.sorted()[runs / 2])
    }

    static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    /// The raw scans (with junk in the unused upper halves, as real captures have) and the same
    /// raw values as Doubles for the baseline.
    static func makeData(scanSize: Int) -> ([UInt8], [Double]) {
        var bytes = [UInt8](repeating: 0, count: scans * scanSize)
        var raw = [Double](repeating: 0, count: scans * 3)
        var state: UInt64 = 0x1234_5678
        for scan in 0..<scans {
            for axis in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = Int16(
                    truncatingIfNeeded: Int64(bitPattern: state >> 33) % 2048 - 1024 + (axis == 1 ? -1024 : 0))
                let bits = UInt16(bitPattern: value)
                let base = scan * scanSize + axis * 4
                bytes[base] = UInt8(bits & 0xFF)
                bytes[base + 1] = UInt8(bits >> 8)
                bytes[base + 2] = UInt8(truncatingIfNeeded: state >> 8)
                bytes[base + 3] = UInt8(truncatingIfNeeded: state >> 16)
                raw[scan * 3 + axis] = Double(value)
            }
            let time = UInt64(scan) * 10_000_000
            for byte in 0..<8 {
                bytes[scan * scanSize + 16 + byte] = UInt8(truncatingIfNeeded: time >> (8 * UInt64(byte)))
            }
        }
        return (bytes, raw)
    }

    /// Ours: ``AccelerationPipeline`` decodes each chunk and runs both filters in one pass.
    static func decodeAndFilter(_ bytes: [UInt8], decoder: AccelerationDecoder) -> Double {
        var pipeline = AccelerationPipeline(decoder: decoder)
        var low = [Vector3](repeating: .zero, count: chunk)
        var high = [Vector3](repeating: .zero, count: chunk)
        let scanSize = decoder.layout.scanSize
        bytes.withUnsafeBytes { all in
            low.withUnsafeMutableBufferPointer { lowBuffer in
                high.withUnsafeMutableBufferPointer { highBuffer in
                    var start = 0
                    while start < all.count {
                        let end = min(start + chunk * scanSize, all.count)
                        _ = pipeline.process(
                            UnsafeRawBufferPointer(rebasing: all[start..<end]), lowpass: lowBuffer, highpass: highBuffer
                        )
                        start = end
                    }
                }
            }
        }
        return pipeline.lowpass.output.x + pipeline.highpass.output.z
    }

    /// Ours, decoding only.
    static func decode(_ bytes: [UInt8], decoder: AccelerationDecoder) -> Double {
        var buffer = [Vector3](repeating: .zero, count: chunk)
        var sum = 0.0
        let scanSize = decoder.layout.scanSize
        bytes.withUnsafeBytes { all in
            buffer.withUnsafeMutableBufferPointer { output in
                var start = 0
                while start < all.count {
                    let end = min(start + chunk * scanSize, all.count)
                    let count = decoder.decodeInG(UnsafeRawBufferPointer(rebasing: all[start..<end]), into: output)
                    sum += output[count - 1].y
                    start = end
                }
            }
        }
        return sum
    }

    /// The baseline: a plain loop over preallocated Doubles doing the same arithmetic — (raw + offset)
    /// × scale ÷ g₀, the mount matrix, then (when `filter`) the low-pass and high-pass updates.
    static func plainLoop(_ raw: [Double], scale: Double, filter: Bool) -> Double {
        let s = scale / 9.80665
        let o = 0.0
        let (m00, m01, m02, m10, m11, m12, m20, m21, m22) = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
        let lowAlpha = LowpassFilter().filterConstant
        let keep = 1 - lowAlpha
        let highAlpha = HighpassFilter().filterConstant
        var (lx, ly, lz) = (0.0, 0.0, 0.0)
        var (hx, hy, hz) = (0.0, 0.0, 0.0)
        var (px, py, pz) = (0.0, 0.0, 0.0)
        var out = [Vector3](repeating: .zero, count: chunk)
        var lows = [Vector3](repeating: .zero, count: chunk)
        var sum = 0.0
        raw.withUnsafeBufferPointer { values in
            lows.withUnsafeMutableBufferPointer { lowOutput in
                out.withUnsafeMutableBufferPointer { output in
                    for scan in 0..<(values.count / 3) {
                        let ax = values[3 * scan] * s + o
                        let ay = values[3 * scan + 1] * s + o
                        let az = values[3 * scan + 2] * s + o
                        let x = m00 * ax + m01 * ay + m02 * az
                        let y = m10 * ax + m11 * ay + m12 * az
                        let z = m20 * ax + m21 * ay + m22 * az
                        if filter {
                            lx = x * lowAlpha + lx * keep
                            ly = y * lowAlpha + ly * keep
                            lz = z * lowAlpha + lz * keep
                            hx = highAlpha * (hx + x - px)
                            hy = highAlpha * (hy + y - py)
                            hz = highAlpha * (hz + z - pz)
                            (px, py, pz) = (x, y, z)
                            lowOutput[scan % chunk] = Vector3(x: lx, y: ly, z: lz)
                            output[scan % chunk] = Vector3(x: hx, y: hy, z: hz)
                        } else {
                            output[scan % chunk] = Vector3(x: x, y: y, z: z)
                        }
                    }
                    sum = output[0].y + lowOutput[0].y
                }
            }
        }
        return sum + lx + hz
    }
}
