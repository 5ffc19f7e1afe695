extension ScanType {
    /// Decodes one stored value: fix the byte order, shift right, mask to the meaningful bits and
    /// sign-extend.
    ///
    /// Real captures leave junk in the unused bits (the iio-sensor-proxy test scan stores
    /// `le:s16/32` with garbage in the upper half, DESIGN.md §6), so masking is not optional.
    /// - Parameters:
    ///   - bytes: the scan (or any buffer holding the value).
    ///   - offset: the byte offset of the value; `offset + storageBytes` must lie inside `bytes`.
    public func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int64 {
        precondition(offset >= 0 && offset + storageBytes <= bytes.count, "value outside the scan")
        // Safe: the precondition above keeps the read inside the buffer.
        return ValueReader(type: self, offset: offset).read(bytes.baseAddress.unsafelyUnwrapped)
    }
}

/// A scan type and a byte offset, precomputed so the decoding loops do no parsing work.
struct ValueReader: Sendable, Hashable {
    let offset: Int
    let storageBytes: Int
    let isBigEndian: Bool
    let shift: UInt64
    let unusedHighBits: UInt64
    let isSigned: Bool

    init(type: ScanType, offset: Int) {
        self.offset = offset
        storageBytes = type.storageBytes
        isBigEndian = type.byteOrder == .bigEndian
        shift = UInt64(type.shift)
        unusedHighBits = UInt64(64 - type.realBits)
        isSigned = type.isSigned
    }

    /// Reads the value from the scan starting at `scan`.
    @inline(__always)
    func read(_ scan: UnsafeRawPointer) -> Int64 {
        let stored: UInt64
        switch storageBytes {
        case 1:
            stored = UInt64(scan.load(fromByteOffset: offset, as: UInt8.self))
        case 2:
            let value = scan.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
            stored = UInt64(isBigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value))
        case 4:
            let value = scan.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            stored = UInt64(isBigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value))
        default:
            let value = scan.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            stored = isBigEndian ? UInt64(bigEndian: value) : UInt64(littleEndian: value)
        }
        // Moving the meaningful bits to the top and back both masks and (for signed values)
        // sign-extends in two instructions.
        // Masking shifts: every amount is below 64 by construction (ScanType validates its sizes).
        let top = (stored &>> shift) &<< unusedHighBits
        return isSigned ? Int64(bitPattern: top) &>> Int64(unusedHighBits) : Int64(bitPattern: top &>> unusedHighBits)
    }
}
