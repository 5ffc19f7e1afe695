import CZlib
import Foundation

/// Compresses bytes as raw DEFLATE: no zlib header or checksum (window bits −15).
///
/// Core Data stores `Z_MODELCACHE.Z_CONTENT` this way (DESIGN.md §3.3, verified on every real
/// cache in the corpus), so the inspector and Apple's framework both inflate it with window bits −15.
public enum RawDeflate {
    /// The deflated form of `data`, at zlib's default compression level.
    ///
    /// - Throws: ``ModelCacheError/compressionFailed(_:)`` when zlib refuses to start or finish.
    public static func deflate(_ data: Data) throws(ModelCacheError) -> Data {
        var stream = z_stream()
        guard czlib_deflate_init2(&stream, Z_DEFAULT_COMPRESSION, -15) == Z_OK else {
            throw .compressionFailed("zlib could not start deflating")
        }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        // deflateBound is zlib's promise of the largest possible output, so one call finishes.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            let reason = stream.msg.map { String(cString: $0) } ?? "status \(status)"
            throw .compressionFailed("zlib could not finish deflating \(data.count) bytes (\(reason))")
        }
        return Data(output.prefix(Int(stream.total_out)))
    }
}
