import CZlib
import Foundation

/// Inflates raw DEFLATE data (no zlib header or checksum), the compression of `Z_MODELCACHE.Z_CONTENT`.
///
/// Core Data compresses the archived model with window bits −15 (DESIGN.md §4, verified on every
/// store from framework version 640 on). The output is capped so a hostile cache cannot make the
/// inspector allocate without bound.
public enum RawInflate {
    /// The largest inflated size accepted (64 MiB; real model caches are a few hundred KiB).
    public static let maximumOutput = 64 << 20

    /// Inflates `data`.
    ///
    /// - Throws: ``PropertyListError/unreadable(_:)`` naming zlib's complaint, or the size cap.
    public static func inflate(_ data: Data) throws(PropertyListError) -> Data {
        var stream = z_stream()
        guard czlib_inflate_init2(&stream, -15) == Z_OK else {
            throw .unreadable("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = [UInt8](data)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = chunkBuffer.count - Int(stream.avail_out)
                    output.append(chunkBuffer.baseAddress!, count: produced)
                }
            } while status == Z_OK && output.count <= maximumOutput && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if output.count > maximumOutput {
            throw .unreadable("the model cache inflates to more than \(maximumOutput >> 20) MiB")
        }
        guard status == Z_STREAM_END else {
            let reason = stream.msg.map { String(cString: $0) } ?? "the data ended early"
            throw .unreadable("the model cache is not valid raw DEFLATE data (\(reason))")
        }
        return output
    }
}
