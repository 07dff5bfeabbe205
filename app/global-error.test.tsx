import { renderToStaticMarkup } from 'react-dom/server'
import GlobalError from './global-error'

// global-error replaces the failed layout, so it must bring its own document and a way back.
describe('GlobalError', () => {
  it('renders a whole document with a message, a retry button and a link to the home', () => {
    const html = renderToStaticMarkup(<GlobalError error={new Error('layout failed')} retry={() => {}} />)
    expect(html).toMatch(/^<html lang="en">/)
    expect(html).toContain('<h1>Something went wrong.</h1>')
    expect(html).toContain('<button type="button">Try again</button>')
    expect(html).toContain('<a href="/">Go to markets</a>')
    expect(html).not.toContain('layout failed')
  })
})
