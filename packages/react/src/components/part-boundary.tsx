import { Component, type ReactNode } from 'react'

/**
 * Keeps one part of a message (its provenance footer) from taking the chat down: data the server
 * sent that the part cannot show (a field missing, an object where text belongs) renders a short
 * notice in its place instead of throwing to the app's root, which unmounts the whole widget.
 */
export class PartBoundary extends Component<{ label: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return (
      <p className="focal-note" role="note">
        {this.props.label} could not be shown.
      </p>
    )
  }
}
