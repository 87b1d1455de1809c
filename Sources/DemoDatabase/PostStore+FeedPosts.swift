import DemoData

// The demos' generated posts written to a database: new posts, refreshes and pages of older
// posts carry the text of `FeedPost(number:)`, as the in-memory feed shows for the same numbers.

extension PostStore {
  /// Inserts the feed posts numbered `numbers` (their authors and texts from `FeedPost`) into
  /// `section` in one transaction, in order, starting at `point`; returns them.
  /// - Complexity: O(n log posts) for n posts.
  @discardableResult
  public func insertFeedPosts(
    numbers: Range<Int>, section: Int, at point: InsertionPoint
  ) throws(PostStoreError) -> [Post] {
    let contents = numbers.map { number in
      let post = FeedPost(number: number)
      return (author: post.author, body: post.text)
    }
    return try insert(section: section, contents: contents, at: point)
  }
}
