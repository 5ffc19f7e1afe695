import Foundation

extension FetchedResultsController {
    /// Follows the context while a delegate is set and a result exists; stops otherwise.
    func updateChangeTracking() {
        let wanted = delegate != nil && results != nil
        if wanted, !isTrackingChanges {
            managedObjectContext.addChangeObserver(self) { [weak self] changes in self?.contextDidChange(changes) }
            isTrackingChanges = true
        } else if !wanted, isTrackingChanges {
            managedObjectContext.removeChangeObserver(self)
            isTrackingChanges = false
        }
    }

    /// Merges one event's changes into the result and reports them to the delegate.
    func contextDidChange(_ changes: ContextChanges) {
        guard let results else { return }
        if changes.invalidatedAll {
            // The context was reset: every object is gone; fetch again and report the difference.
            let fresh = (try? managedObjectContext.fetch(fetchRequest)) ?? []
            report(from: results, to: makeResults(sorted: fresh), updated: [])
            return
        }
        let relevant = changes.inserted.union(changes.updated).union(changes.refreshed).union(changes.deleted)
            .union(changes.invalidated).filter(isOfRequestedEntity)
        guard !relevant.isEmpty else { return }
        let gone = changes.deleted.union(changes.invalidated)
        var candidates: [ManagedObject] = []
        for object in relevant where !gone.contains(object) && !object.isDeleted && matchesPredicate(object) {
            candidates.append(object)
        }
        var merged = results
        let keyPath = sectionNameKeyPath ?? ""
        merged.merge(
            removing: relevant, inserting: candidates, sectionName: { Self.sectionName(of: $0, keyPath: keyPath) },
            areInIncreasingOrder: sortsBefore)
        let updated = changes.updated.union(changes.refreshed).filter(isOfRequestedEntity)
        report(from: results, to: merged, updated: updated)
    }

    /// Installs `new` as the result and tells the delegate how it differs from `old`.
    private func report(
        from old: SectionedResults<ManagedObject>, to new: SectionedResults<ManagedObject>, updated: Set<ManagedObject>
    ) {
        let changes = ResultsDifference.changes(from: old.sections, to: new.sections, updated: updated)
        let oldSections = old.sections
        results = new
        sectionInfoCache = nil
        guard !changes.isEmpty else { return }
        writeCache()
        guard let delegate else { return }
        delegate.controllerWillChangeContent(self)
        for change in changes {
            switch change {
            case .section(let name, let index, let type):
                let objects = type == .delete ? oldSections[index].elements : new.sections[index].elements
                let info = FetchedResultsSectionInfo(
                    name: name, indexTitle: sectionIndexTitle(forSectionName: name), objects: objects)
                delegate.controller(self, didChange: info, atSectionIndex: index, for: type)
            case .object(let object, let indexPath, let type, let newIndexPath):
                delegate.controller(self, didChange: object, at: indexPath, for: type, newIndexPath: newIndexPath)
            }
        }
        delegate.controllerDidChangeContent(self)
    }

    /// Whether `object` is an instance of the request's entity (or of a sub-entity, when the
    /// request includes them).
    private func isOfRequestedEntity(_ object: ManagedObject) -> Bool {
        if object.entity.name == fetchRequest.entityName { return true }
        guard fetchRequest.includesSubentities,
            let entity = managedObjectContext.managedObjectModel.entitiesByName[fetchRequest.entityName]
        else { return false }
        return object.entity.isKind(of: entity)
    }

    /// Whether `object` satisfies the request's predicate (evaluated in memory).
    private func matchesPredicate(_ object: ManagedObject) -> Bool {
        fetchRequest.predicate?.evaluate(with: object) ?? true
    }

    /// The request's order: the first sort descriptor that tells the objects apart decides.
    private func sortsBefore(_ lhs: ManagedObject, _ rhs: ManagedObject) -> Bool {
        for descriptor in fetchRequest.sortDescriptors {
            switch descriptor.compare(lhs.value(forKeyPath: descriptor.key), rhs.value(forKeyPath: descriptor.key)) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: continue
            }
        }
        return false
    }
}
