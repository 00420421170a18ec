import DefaultTheme from 'vitepress/theme';
import './accessible.css';

export default DefaultTheme;
