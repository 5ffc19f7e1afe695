extension MigrationRun {
    /// The steps from `versions[index]` to `destination` with inferred mappings: one step when the
    /// mapping infers directly, else one per later version (1→2→3…) when each of those infers.
    ///
    /// - Throws: the direct inference's ``CoreDataError`` (134140) when neither way works.
    static func inferredSteps(from index: Int, of versions: [ManagedObjectModel], to destination: ManagedObjectModel)
        throws(CoreDataError) -> [Step]
    {
        let source = versions[index]
        let direct: CoreDataError
        do {
            let mapping = try MappingModel.inferredMappingModel(forSourceModel: source, destinationModel: destination)
            return [Step(source: source, destination: destination, mapping: mapping)]
        } catch {
            direct = error
        }
        let target = destination.entityVersionHashesByName
        var chain = versions[(index + 1)...].filter { $0.entityVersionHashesByName != target }
        chain.append(destination)
        guard chain.count > 1 else { throw direct }
        var steps: [Step] = []
        var from = source
        for next in chain {
            guard let mapping = try? MappingModel.inferredMappingModel(forSourceModel: from, destinationModel: next)
            else { throw direct }
            steps.append(Step(source: from, destination: next, mapping: mapping))
            from = next
        }
        return steps
    }
}
