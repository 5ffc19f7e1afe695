import Foundation
import ObjectGraph
import Testing

/// A `CoreDataError` is matched by its code, and keeps its cause.
@Suite("Core Data error")
struct CoreDataErrorTests {
    @Test func aCatchClauseMatchesTheErrorByItsCode() {
        var matched: CoreDataError.Code?
        do {
            throw CoreDataError(code: .validationMissingMandatoryProperty, message: "\"name\" is required")
        } catch let error as CoreDataError where error.code == .managedObjectMerge {
            matched = error.code
        } catch let error as CoreDataError where error.code == .validationMissingMandatoryProperty {
            matched = error.code
        } catch {
            matched = nil
        }
        #expect(matched == .validationMissingMandatoryProperty)
    }

    @Test func aCodePatternCatchesOnlyCoreDataErrorsWithOneOfItsCodes() {
        func caught(_ thrown: any Error) -> String {
            func fail() throws { throw thrown }
            do {
                try fail()
                return "nothing thrown"
            } catch CoreDataError.code(.managedObjectMerge, .managedObjectConstraintMerge) {
                return "merge"
            } catch CoreDataError.code(.validationMissingMandatoryProperty) {
                return "missing"
            } catch {
                return "other"
            }
        }
        struct Unrelated: Error {}
        #expect(caught(CoreDataError(code: .validationMissingMandatoryProperty, message: "m")) == "missing")
        #expect(caught(CoreDataError(code: .managedObjectConstraintMerge, message: "m")) == "merge")
        #expect(caught(CoreDataError(code: .managedObjectMerge, message: "m")) == "merge")
        #expect(caught(CoreDataError(code: .sqlite, message: "m")) == "other")
        #expect(caught(Unrelated()) == "other")
    }

    @Test func aSwitchOverAnyErrorMatchesByCode() {
        let error: any Error = CoreDataError(code: .persistentStoreIncompatibleVersionHash, message: "m")
        let kind: String
        switch error {
        case CoreDataError.code(.persistentStoreIncompatibleVersionHash): kind = "incompatible"
        default: kind = "other"
        }
        #expect(kind == "incompatible")
    }

    @Test func theUnderlyingCauseIsKeptAndCrossesConcurrencyDomains() async {
        struct Cause: Error, Equatable {}
        let error = CoreDataError(code: .sqlite, message: "disk I/O error", underlyingError: Cause())
        let cause = await Task.detached { error.underlyingError as? Cause }.value
        #expect(cause == Cause())
    }
}
