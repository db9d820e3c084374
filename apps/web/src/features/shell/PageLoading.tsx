import { Flex, Spin } from 'antd';

/** The placeholder while a page's code loads. */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}
