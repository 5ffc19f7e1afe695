/// How one channel's value sits inside a scan, as the kernel describes it in `*_type` files.
///
/// The text form is `[be|le]:[s|u]bits/storagebits[Xrepeat]>>shift`: the kernel writes a lower-case
/// sign letter, libiio prints a capital `S`/`U`, and both are accepted. `le:s12/16>>4` means: read two
/// bytes little-endian, shift right by 4, keep the low 12 bits and sign-extend them (DESIGN.md §6).
///
/// ```swift
/// let type = try ScanType(parsing: "le:s16/32>>0")
/// type.storageBytes   // 4
/// ```
public struct ScanType: Sendable, Hashable, CustomStringConvertible {
    /// The byte order of the stored value.
    public enum ByteOrder: String, Sendable, Hashable {
        /// Least significant byte first (`le`).
        case littleEndian = "le"
        /// Most significant byte first (`be`).
        case bigEndian = "be"
    }

    /// The byte order of the stored value.
    public var byteOrder: ByteOrder
    /// Whether the value is two's complement (`s`) rather than unsigned (`u`).
    public var isSigned: Bool
    /// The number of meaningful bits.
    public var realBits: Int
    /// The number of bits the value occupies in the scan: 8, 16, 32 or 64.
    public var storageBits: Int
    /// How many values of this type follow one another (`X3` → 3); 1 when absent.
    public var repeatCount: Int
    /// How far to shift the stored value right before masking.
    public var shift: Int

    /// Makes a scan type from its parts, checking that they describe a value the kernel can deliver.
    public init(
        byteOrder: ByteOrder, isSigned: Bool, realBits: Int, storageBits: Int, repeatCount: Int = 1, shift: Int = 0
    ) throws(ScanTypeError) {
        self.byteOrder = byteOrder
        self.isSigned = isSigned
        self.realBits = realBits
        self.storageBits = storageBits
        self.repeatCount = repeatCount
        self.shift = shift
        try validate(text: description)
    }

    /// `le:sN/N>>0` for N = 8, 16, 32 or 64: a whole native integer, valid by construction.
    init(littleEndianSignedBits bits: Int) {
        precondition([8, 16, 32, 64].contains(bits), "not a native integer size")
        byteOrder = .littleEndian
        isSigned = true
        realBits = bits
        storageBits = bits
        repeatCount = 1
        shift = 0
    }

    /// The number of bytes one value occupies.
    public var storageBytes: Int { storageBits / 8 }

    /// The number of bytes the channel occupies in a scan (all repeats).
    public var totalBytes: Int { storageBytes * repeatCount }

    /// The kernel's spelling: lower-case sign letter, `X` only when repeated.
    public var description: String {
        let sign = isSigned ? "s" : "u"
        let repeats = repeatCount > 1 ? "X\(repeatCount)" : ""
        return "\(byteOrder.rawValue):\(sign)\(realBits)/\(storageBits)\(repeats)>>\(shift)"
    }

    func validate(text: String) throws(ScanTypeError) {
        guard [8, 16, 32, 64].contains(storageBits) else {
            throw .invalid(text, "the storage size must be 8, 16, 32 or 64 bits, not \(storageBits)")
        }
        guard realBits >= 1 && realBits <= storageBits else {
            throw .invalid(text, "\(realBits) meaningful bits do not fit in \(storageBits) bits of storage")
        }
        guard shift >= 0 && shift + realBits <= storageBits else {
            throw .invalid(text, "shifting by \(shift) leaves fewer than \(realBits) bits in \(storageBits) bits")
        }
        guard repeatCount >= 1 && repeatCount <= 1024 else {
            throw .invalid(text, "the repeat count must be from 1 to 1024, not \(repeatCount)")
        }
    }
}
