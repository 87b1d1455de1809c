import CGtk
import DemoData
import Dispatch
import Synchronization
import TableViewSQLite

/// Opens the feed's database off the main thread (`--db PATH`, else the file in the user's cache folder),
/// building it first when it is missing, with a progress bar the window shows meanwhile ("Building the feed
/// (1,000,000 posts)… 42 %"). A file that exists opens at once. A failure (a missing folder, a file that is
/// not a database, a locked one) is shown on the page in a sentence; a user's file is never changed.
final class DatabaseFeedOpener {
  /// The progress bar and its line, shown until the file is open.
  let widget: UnsafeMutablePointer<GtkWidget>
  private let label: UnsafeMutablePointer<GtkWidget>
  private let bar: UnsafeMutablePointer<GtkWidget>
  private let path: String?
  private let posts: Int
  /// What the build thread reports: its progress and, at the end, the store or the error.
  private final class Report: Sendable {
    let value = Mutex<(FeedDatabase.Progress?, Result<PostStore, PostStoreError>?)>((nil, nil))
  }
  private let shared = Report()
  private var watch: GLibTimeout?
  /// The share built so far, 0…1 (1 once open).
  private(set) var fraction = 0.0
  /// The line shown (also the status line while building).
  private(set) var status = "Opening the feed's database…"

  init(path: String?, posts: Int) {
    self.path = path
    self.posts = posts
    widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_vexpand(widget, 1)
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(widget, 48) }
    label = gtk_label_new(status)
    gtk_label_set_wrap(OpaquePointer(label), 1)
    bar = gtk_progress_bar_new()
    gtk_progress_bar_set_show_text(OpaquePointer(bar), 1)
    gtk_box_append(DatabaseFeedPage.box(widget), label)
    gtk_box_append(DatabaseFeedPage.box(widget), bar)
  }

  /// Starts opening (building first if needed) on another thread; `done` runs on the main loop.
  func start(_ done: @escaping (Result<PostStore, PostStoreError>) -> Void) {
    let path = path
    let posts = posts
    let shared = shared
    DispatchQueue.global(qos: .userInitiated).async {
      let result: Result<PostStore, PostStoreError>
      do throws(PostStoreError) {
        let file: String
        if let path { file = path } else { file = try FeedDatabase.defaultPath(posts: posts) }
        let (store, _) = try FeedDatabase.openOrCreate(path: file, posts: posts, createsFolder: path == nil) {
          progress in shared.value.withLock { $0.0 = progress }
        }
        result = .success(store)
      } catch {
        result = .failure(error)
      }
      shared.value.withLock { $0.1 = result }
    }
    watch = GLibTimeout(milliseconds: 50) { [weak self] in
      guard let self else { return false }
      let (progress, result) = self.shared.value.withLock { $0 }
      if let progress { self.show(progress) }
      guard let result else { return true }
      self.watch = nil
      if case .failure(let error) = result {
        self.status = "The feed's database cannot be used: \(error)"
        gtk_label_set_text(OpaquePointer(self.label), self.status)
        gtk_widget_set_visible(self.bar, 0)
      } else {
        self.fraction = 1
      }
      done(result)
      return false
    }
  }

  private func show(_ progress: FeedDatabase.Progress) {
    fraction = progress.fraction
    let step = progress.isIndexing ? "indexing for search" : "\(progress.postsInserted.grouped) posts"
    status = "Building the feed (\(posts.grouped) posts) — the first run only: \(step)"
    gtk_label_set_text(OpaquePointer(label), status)
    gtk_progress_bar_set_fraction(OpaquePointer(bar), progress.fraction)
  }
}
