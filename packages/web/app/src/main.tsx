/** Entry point: mounts the app into the page. */
// First, before the rest of the app's code runs: the login check, then, opened on the map, the
// map's first question, then the code of the page the URL opens.
import './session-check';
import './map/map-head-start';
import './pages/page-list';
import { render } from 'preact';
import { App } from './App';
import './styles.css';

render(<App />, document.getElementById('app')!);
