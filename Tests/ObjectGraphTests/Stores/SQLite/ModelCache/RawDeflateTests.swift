import CZlib
import Foundation
import Testing

@testable import ObjectGraph

/// Raw DEFLATE output, inflated again with zlib at window bits −15 as Core Data reads it.
@Suite struct RawDeflateTests {
    private func inflate(_ data: Data) throws -> Data {
        var stream = z_stream()
        try #require(czlib_inflate_init2(&stream, -15) == Z_OK)
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: 1 << 20)
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        #expect(status == Z_STREAM_END)
        return Data(output.prefix(Int(stream.total_out)))
    }

    @Test func deflatedBytesInflateToTheOriginalWithoutAZlibHeader() throws {
        let original = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })
        let deflated = try RawDeflate.deflate(original)
        #expect(deflated.count < original.count)
        // A zlib stream would start 0x78; raw DEFLATE has no header.
        #expect(deflated.first != 0x78)
        #expect(try inflate(deflated) == original)
    }

    @Test func emptyInputDeflatesToAValidStream() throws {
        let deflated = try RawDeflate.deflate(Data())
        #expect(!deflated.isEmpty)
        #expect(try inflate(deflated) == Data())
    }
}
