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

    @Test func theUnderlyingCauseIsKeptAndCrossesConcurrencyDomains() async {
        struct Cause: Error, Equatable {}
        let error = CoreDataError(code: .sqlite, message: "disk I/O error", underlyingError: Cause())
        let cause = await Task.detached { error.underlyingError as? Cause }.value
        #expect(cause == Cause())
    }
}
