/// Reads one scan's acceleration in g; the decoding loops are generic over it so each real layout gets
/// its own specialised, branch-free loop.
protocol AccelerationReader {
    /// The acceleration in g of the scan starting at `scan`.
    func acceleration(_ scan: UnsafeRawPointer) -> Vector3
}

/// A loop over scans, written once and run with whichever reader fits the layout (double dispatch:
/// the decoder picks the reader type, the visitor owns the loop and its state in local variables).
protocol AccelerationLoop {
    associatedtype Result
    /// Runs the loop with `reader`.
    func run<Reader: AccelerationReader>(_ reader: Reader) -> Result
}

extension AccelerationDecoder {
    /// Runs `loop` with the fastest reader for this layout.
    ///
    /// When the three axes share storage size, byte order and sign (every real accelerometer), the reader
    /// is specialised for that integer type, so each value costs a load, a byte swap, two shifts and a
    /// multiply-add; the identity mount matrix is skipped. Otherwise each value goes through ``ValueReader``.
    func run<Loop: AccelerationLoop>(_ loop: Loop) -> Loop.Result {
        let x = axes[0]
        let y = axes[1]
        let z = axes[2]
        let uniform =
            x.storageBytes == y.storageBytes && y.storageBytes == z.storageBytes
            && x.isBigEndian == y.isBigEndian && y.isBigEndian == z.isBigEndian
            && x.isSigned == y.isSigned && y.isSigned == z.isSigned
        guard uniform else { return loop.run(MixedReader(decoder: self)) }
        return x.isSigned ? run(loop, SignedValues.self) : run(loop, UnsignedValues.self)
    }

    private func run<Loop: AccelerationLoop, Sign: SignMode>(_ loop: Loop, _ sign: Sign.Type) -> Loop.Result {
        mountMatrix.isIdentity ? run(loop, sign, Unrotated.self) : run(loop, sign, Rotated.self)
    }

    private func run<Loop: AccelerationLoop, Sign: SignMode, Rotation: RotationMode>(
        _ loop: Loop, _ sign: Sign.Type, _ rotation: Rotation.Type
    ) -> Loop.Result {
        // Values that fill a native integer from bit 0 (`le:s16/32>>0`, `be:s16/16>>0`, `le:s32/32>>0`)
        // need no shifting at all: truncating to Int16/Int32 masks and sign-extends in one instruction.
        let native = axes.allSatisfy { $0.shift == 0 } && Set(axes.map(\.unusedHighBits)).count == 1
        if native, let bits = axes.first.map({ 64 - Int($0.unusedHighBits) }), bits == 16 || bits == 32,
            axes[0].storageBytes * 8 >= bits
        {
            switch (axes[0].storageBytes, axes[0].isBigEndian, bits, Sign.isSigned) {
            case (2, false, 16, true): return loop.run(NativeReader<UInt16, Int16, Rotation, LittleEndianOrder>(self))
            case (2, true, 16, true): return loop.run(NativeReader<UInt16, Int16, Rotation, BigEndianOrder>(self))
            case (4, false, 16, true): return loop.run(NativeReader<UInt32, Int16, Rotation, LittleEndianOrder>(self))
            case (4, true, 16, true): return loop.run(NativeReader<UInt32, Int16, Rotation, BigEndianOrder>(self))
            case (4, false, 32, true): return loop.run(NativeReader<UInt32, Int32, Rotation, LittleEndianOrder>(self))
            case (4, true, 32, true): return loop.run(NativeReader<UInt32, Int32, Rotation, BigEndianOrder>(self))
            case (2, false, 16, false): return loop.run(NativeReader<UInt16, UInt16, Rotation, LittleEndianOrder>(self))
            case (2, true, 16, false): return loop.run(NativeReader<UInt16, UInt16, Rotation, BigEndianOrder>(self))
            default: break
            }
        }
        switch (axes[0].storageBytes, axes[0].isBigEndian) {
        case (1, _): return loop.run(UniformReader<UInt8, Sign, Rotation, LittleEndianOrder>(self))
        case (2, false): return loop.run(UniformReader<UInt16, Sign, Rotation, LittleEndianOrder>(self))
        case (2, true): return loop.run(UniformReader<UInt16, Sign, Rotation, BigEndianOrder>(self))
        case (4, false): return loop.run(UniformReader<UInt32, Sign, Rotation, LittleEndianOrder>(self))
        case (4, true): return loop.run(UniformReader<UInt32, Sign, Rotation, BigEndianOrder>(self))
        case (_, false): return loop.run(UniformReader<UInt64, Sign, Rotation, LittleEndianOrder>(self))
        case (_, true): return loop.run(UniformReader<UInt64, Sign, Rotation, BigEndianOrder>(self))
        }
    }

    /// The conversion constants: (raw + offset) × scale ÷ g₀ = raw × s + o, then the mount matrix.
    var conversion: (s: [Double], o: [Double], m: [Double]) {
        let gravity = AccelerationSample.standardGravity
        let s = scales.map { $0 / gravity }
        let o = (0..<3).map { offsets[$0] * s[$0] }
        return (s, o, mountMatrix.rows.flatMap { $0 })
    }
}

/// Stores each scan's acceleration into a buffer.
struct StoringLoop: AccelerationLoop {
    let base: UnsafeRawPointer
    let scanSize: Int
    let count: Int
    let target: UnsafeMutablePointer<Vector3>

    func run<Reader: AccelerationReader>(_ reader: Reader) {
        for index in 0..<count {
            target[index] = reader.acceleration(base + index &* scanSize)
        }
    }
}

/// Reads all three axes with one integer type, sign mode, rotation mode and byte order.
struct UniformReader<
    Storage: FixedWidthInteger & UnsignedInteger, Sign: SignMode, Rotation: RotationMode, Order: ByteOrderMode
>: AccelerationReader {
    let offsets: (Int, Int, Int)
    let shifts: (UInt64, UInt64, UInt64)
    let unused: (UInt64, UInt64, UInt64)
    let s: (Double, Double, Double)
    let o: (Double, Double, Double)
    let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ decoder: AccelerationDecoder) {
        let axes = decoder.axes
        offsets = (axes[0].offset, axes[1].offset, axes[2].offset)
        shifts = (axes[0].shift, axes[1].shift, axes[2].shift)
        unused = (axes[0].unusedHighBits, axes[1].unusedHighBits, axes[2].unusedHighBits)
        let (s, o, m) = decoder.conversion
        self.s = (s[0], s[1], s[2])
        self.o = (o[0], o[1], o[2])
        self.m = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    }

    @inline(__always)
    private func value(_ scan: UnsafeRawPointer, _ offset: Int, _ shift: UInt64, _ unused: UInt64) -> Double {
        let loaded = scan.loadUnaligned(fromByteOffset: offset, as: Storage.self)
        let stored = UInt64(
            truncatingIfNeeded: Order.isBigEndian ? Storage(bigEndian: loaded) : Storage(littleEndian: loaded))
        // Masking shifts (&>>, &<<): the amounts are below 64 by construction, and Swift's checked
        // shifts would add two branches per value.
        let top = (stored &>> shift) &<< unused
        return Sign.isSigned ? Double(Int64(bitPattern: top) &>> Int64(unused)) : Double(top &>> unused)
    }

    @inline(__always)
    func acceleration(_ scan: UnsafeRawPointer) -> Vector3 {
        let ax = value(scan, offsets.0, shifts.0, unused.0) * s.0 + o.0
        let ay = value(scan, offsets.1, shifts.1, unused.1) * s.1 + o.1
        let az = value(scan, offsets.2, shifts.2, unused.2) * s.2 + o.2
        if Rotation.isIdentity { return Vector3(x: ax, y: ay, z: az) }
        return Vector3(
            x: m.0 * ax + m.1 * ay + m.2 * az, y: m.3 * ax + m.4 * ay + m.5 * az, z: m.6 * ax + m.7 * ay + m.8 * az)
    }
}

/// Reads axes whose meaningful bits are a whole native integer starting at bit 0 (no shift): a load,
/// a byte swap and a truncating conversion, which masks and sign-extends at once.
struct NativeReader<
    Storage: FixedWidthInteger & UnsignedInteger, Value: FixedWidthInteger, Rotation: RotationMode, Order: ByteOrderMode
>: AccelerationReader {
    let offsets: (Int, Int, Int)
    let s: (Double, Double, Double)
    let o: (Double, Double, Double)
    let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ decoder: AccelerationDecoder) {
        let axes = decoder.axes
        offsets = (axes[0].offset, axes[1].offset, axes[2].offset)
        let (s, o, m) = decoder.conversion
        self.s = (s[0], s[1], s[2])
        self.o = (o[0], o[1], o[2])
        self.m = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    }

    @inline(__always)
    private func value(_ scan: UnsafeRawPointer, _ offset: Int) -> Double {
        let loaded = scan.loadUnaligned(fromByteOffset: offset, as: Storage.self)
        return Double(
            Value(truncatingIfNeeded: Order.isBigEndian ? Storage(bigEndian: loaded) : Storage(littleEndian: loaded)))
    }

    @inline(__always)
    func acceleration(_ scan: UnsafeRawPointer) -> Vector3 {
        let ax = value(scan, offsets.0) * s.0 + o.0
        let ay = value(scan, offsets.1) * s.1 + o.1
        let az = value(scan, offsets.2) * s.2 + o.2
        if Rotation.isIdentity { return Vector3(x: ax, y: ay, z: az) }
        return Vector3(
            x: m.0 * ax + m.1 * ay + m.2 * az, y: m.3 * ax + m.4 * ay + m.5 * az, z: m.6 * ax + m.7 * ay + m.8 * az)
    }
}

/// Reads axes that differ in size, order or sign, one ``ValueReader`` each.
struct MixedReader: AccelerationReader {
    let decoder: AccelerationDecoder
    let s: [Double]
    let o: [Double]

    init(decoder: AccelerationDecoder) {
        self.decoder = decoder
        (s, o, _) = decoder.conversion
    }

    func acceleration(_ scan: UnsafeRawPointer) -> Vector3 {
        let axes = decoder.axes
        return decoder.mountMatrix.apply(
            Vector3(
                x: Double(axes[0].read(scan)) * s[0] + o[0], y: Double(axes[1].read(scan)) * s[1] + o[1],
                z: Double(axes[2].read(scan)) * s[2] + o[2]))
    }
}

/// Whether the decoding loop sign-extends, fixed at compile time so the loop has no branch for it.
protocol SignMode {
    static var isSigned: Bool { get }
}

/// Two's complement values (`s` in the scan type).
enum SignedValues: SignMode {
    static var isSigned: Bool { true }
}

/// Unsigned values (`u` in the scan type).
enum UnsignedValues: SignMode {
    static var isSigned: Bool { false }
}

/// Whether the decoding loop applies the mount matrix (skipped for the identity: x·1 + y·0 + z·0 = x).
protocol RotationMode {
    static var isIdentity: Bool { get }
}

/// The identity mount matrix.
enum Unrotated: RotationMode {
    static var isIdentity: Bool { true }
}

/// Any other mount matrix.
enum Rotated: RotationMode {
    static var isIdentity: Bool { false }
}

/// The byte order, fixed at compile time.
protocol ByteOrderMode {
    static var isBigEndian: Bool { get }
}

/// `le` values.
enum LittleEndianOrder: ByteOrderMode {
    static var isBigEndian: Bool { false }
}

/// `be` values.
enum BigEndianOrder: ByteOrderMode {
    static var isBigEndian: Bool { true }
}
