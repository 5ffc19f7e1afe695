extension CoreDataError {
    /// A pattern that matches a thrown error by its Core Data code, for `catch` clauses and
    /// `switch` cases, the way GRDB's result codes match its errors.
    ///
    /// ```swift
    /// do { try context.save() }
    /// catch CoreDataError.code(.validationMissingMandatoryProperty) { … }
    /// catch CoreDataError.code(.managedObjectMerge, .managedObjectConstraintMerge) { … }
    /// ```
    ///
    /// It matches a ``CoreDataError`` whose ``CoreDataError/code`` is one of ``codes``, and no
    /// other error.
    public struct CodePattern: Sendable, Equatable {
        /// The codes the pattern accepts.
        public var codes: [Code]

        /// Whether `error` is a ``CoreDataError`` with one of the pattern's codes.
        public func matches(_ error: any Error) -> Bool {
            guard let error = error as? CoreDataError else { return false }
            return codes.contains(error.code)
        }

        /// Matches `error` against `pattern`: what makes `catch CoreDataError.code(…)` and
        /// `case CoreDataError.code(…)` work.
        public static func ~= (pattern: CodePattern, error: any Error) -> Bool {
            pattern.matches(error)
        }
    }

    /// A pattern matching a ``CoreDataError`` whose code is `code` or one of `others`:
    /// `catch CoreDataError.code(.managedObjectMerge) { … }`.
    ///
    /// (A bare `catch CoreDataError.Code.managedObjectMerge` cannot work: ``Code`` is an enum, and
    /// Swift reads an enum case in a `catch` as a pattern on the thrown value's own type.)
    public static func code(_ code: Code, _ others: Code...) -> CodePattern {
        CodePattern(codes: [code] + others)
    }
}
