import Foundation
import Testing

@testable import ObjectGraph

/// FIPS 180-4 example vectors (NIST CSRC "Examples with Intermediate Values").
@Suite struct SHA256Tests {
    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test func emptyMessageMatchesTheStandardVector() {
        #expect(Self.hex(SHA256.hash(Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func abcMatchesTheStandardVector() {
        #expect(
            Self.hex(SHA256.hash(Data("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func twoBlockMessageMatchesTheStandardVector() {
        let message = Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.hash(message)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAsMatchesTheStandardVector() {
        let message = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Self.hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameDigestAsOneCall() {
        let message = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var hash = SHA256()
        hash.update(message.prefix(63))
        hash.update(message.dropFirst(63).prefix(65))
        hash.update(message.dropFirst(128))
        #expect(hash.finalize() == SHA256.hash(message))
    }
}

@Suite struct SHA512Tests {
    @Test func emptyMessageMatchesTheStandardVector() {
        #expect(
            SHA256Tests.hex(SHA512.hash(Data()))
                == "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e")
    }

    @Test func abcMatchesTheStandardVector() {
        #expect(
            SHA256Tests.hex(SHA512.hash(Data("abc".utf8)))
                == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    }

    @Test func twoBlockMessageMatchesTheStandardVector() {
        let message = Data(
            ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)
        #expect(
            SHA256Tests.hex(SHA512.hash(message))
                == "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")
    }
}
