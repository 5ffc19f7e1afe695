import Foundation
import Testing

@testable import ObjectGraph

/// Property keys are matched by their characters, whatever their storage (made at run time, long
/// or short, read back from a dictionary) and whatever their Unicode normalization.
@Suite struct PropertyKeyMatchingTests {
    @Test(arguments: StoreKind.allCases)
    func keysAreMatchedByTheirCharactersWhateverTheirStorage(_ kind: StoreKind) throws {
        let (stack, movie) = try CinemaStack.withFetchedMovie(kind)
        // Keys made at run time, long or short, and a key read back from a dictionary.
        var made = "summ"
        made += "ary"
        #expect(movie.value(forKey: made) as? String == "Balloons")
        let bridged = String(decoding: Array("name".utf8), as: UTF8.self)
        #expect(movie.value(forKey: bridged) as? String == "Up")
        let fromDictionary = try #require(movie.committedValues(forKeys: nil).keys.first { $0 == "name" })
        #expect(movie.value(forKey: fromDictionary) as? String == "Up")
        #expect(movie.value(forKey: "nam") == nil)
        #expect(movie.value(forKey: "names") == nil)
        withExtendedLifetime(stack) {}
    }

    @Test(arguments: StoreKind.allCases)
    func nonASCIIAndLongPropertyNamesAreFoundByEquivalentKeys(_ kind: StoreKind) throws {
        let composed = "r\u{E9}sum\u{E9}"
        let decomposed = "re\u{301}sume\u{301}"
        let long = "averyveryverylongpropertynameindeed"
        let entity = EntityDescription(
            name: "Card",
            properties: [
                AttributeDescription(name: composed, type: .string),
                AttributeDescription(name: long, type: .integer64),
            ])
        let model = try ManagedObjectModel(entities: [entity])
        let stack = try CinemaStack(kind, model: model)
        let card = try stack.context.insertNewObject(forEntityName: "Card")
        card.setValue("Hello", forKey: composed)
        card.setValue(42, forKey: long)
        try stack.context.save()
        stack.context.reset()
        let fetched = try #require(try stack.fetch("Card").first)
        #expect(fetched.value(forKey: composed) as? String == "Hello")
        #expect(fetched.value(forKey: decomposed) as? String == "Hello")
        var madeLong = "averyveryverylong"
        madeLong += "propertynameindeed"
        #expect(fetched.value(forKey: madeLong) as? Int == 42)
        fetched.setValue("Bye", forKey: decomposed)
        #expect(fetched.value(forKey: composed) as? String == "Bye")
        try stack.context.save()
    }
}
